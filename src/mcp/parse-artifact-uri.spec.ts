import { artifactUri } from './artifact-uri';
import { parseArtifactUri } from './parse-artifact-uri';

const ID = '2b3c4d5e-6f70-4819-8a2b-3c4d5e6f7081';

describe('parseArtifactUri', () => {
  test('reads back what artifactUri builds', () => {
    expect(parseArtifactUri(artifactUri(ID, 7))).toEqual({ id: ID, version: 7 });
  });

  test('without ?version it names the newest version; ids are read in lower case', () => {
    expect(parseArtifactUri(`toolhub://artifacts/${ID.toUpperCase()}`)).toEqual({ id: ID });
  });

  test.each([
    ['another scheme', `https://artifacts/${ID}`],
    ['another host', `toolhub://files/${ID}`],
    ['an id that is no UUID', 'toolhub://artifacts/report.csv'],
    ['a path below the id', `toolhub://artifacts/${ID}/content`],
    ['a negative version', `toolhub://artifacts/${ID}?version=-1`],
    ['a version with leading zeros', `toolhub://artifacts/${ID}?version=01`],
    ['a fractional version', `toolhub://artifacts/${ID}?version=1.5`],
    ['two versions', `toolhub://artifacts/${ID}?version=1&version=2`],
    ['another parameter', `toolhub://artifacts/${ID}?format=raw`],
    ['a fragment', `toolhub://artifacts/${ID}#top`],
    ['no URI at all', 'not a uri'],
  ])('%s is not an artifact URI', (_, uri) => {
    expect(parseArtifactUri(uri)).toBeUndefined();
  });
});
