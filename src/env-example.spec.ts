import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { AppModule } from './app.module';
import { CoreEnvironment, DataDirectoryConfig, featureConfigsIn } from './core/config';

/** `# NAME=value` lines of .env.example, by name. */
function documentedVariables(): Map<string, string> {
  const text = readFileSync(join(__dirname, '..', '.env.example'), 'utf8');
  return new Map(
    [...text.matchAll(/^# ([A-Z][A-Z0-9_]*)=(.*)$/gm)].map(([, name, value]) => [name, value]),
  );
}

describe('.env.example', () => {
  const documented = documentedVariables();
  const schemas = [CoreEnvironment, ...featureConfigsIn(AppModule.features())];
  const defaults = new Map(
    schemas.flatMap((schema) => Object.entries(new schema() as Record<string, unknown>)),
  );

  it('lists every variable the server reads, and no other', () => {
    expect([...documented.keys()].sort()).toEqual([...defaults.keys()].sort());
  });

  it("shows each variable's default (DATA_DIR's depends on the user: described instead)", () => {
    for (const [name, value] of defaults) {
      const expected = name === 'DATA_DIR' ? '' : String(value);
      expect([name, documented.get(name)]).toEqual([name, expected]);
    }
    expect(new DataDirectoryConfig().DATA_DIR).toMatch(/toolhub$/);
  });
});
