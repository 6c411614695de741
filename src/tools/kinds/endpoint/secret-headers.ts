/** Secret header values transformed one by one (sealed to be stored, opened to be sent). */
export function mapSecretHeaders(
  headers: Record<string, string>,
  transform: (value: string) => string,
): Record<string, string> {
  return Object.fromEntries(
    Object.entries(headers).map(([name, value]) => [name, transform(value)]),
  );
}
