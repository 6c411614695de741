/** The MCP resource URI of version `version` of the artifact `id`. */
export function artifactUri(id: string, version: number): string {
  return `toolhub://artifacts/${id}?version=${version}`;
}
