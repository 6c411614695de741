import { shownValue } from './shown-value';

describe('shownValue', () => {
  it('quotes an ordinary value as it is', () => {
    expect(shownValue('PORT', 'abc')).toBe('"abc"');
    expect(shownValue('DATABASE_URL', 'postgres://db:5432/toolhub')).toBe(
      '"postgres://db:5432/toolhub"',
    );
  });

  it.each(['SECRET_KEY', 'SECRET_KEY_PREVIOUS', 'OPENAI_API_KEY', 'INITIAL_ADMIN_KEY', 'A_TOKEN'])(
    'never shows the value of %s',
    (name) => {
      expect(shownValue(name, 'hunter2')).toBe('a secret value, not shown');
    },
  );

  it.each([
    [
      'a URL',
      'postgres://toolhub:hunter2@db:5432/toolhub',
      'postgres://toolhub:***@db:5432/toolhub',
    ],
    ['one of another scheme', 'mysql://root:hunter2@db/x', 'mysql://root:***@db/x'],
    ['one with an @ in its password', 'redis://u:hun@ter2@cache:6379', 'redis://u:***@cache:6379'],
    ['one that does not parse', 'postgres://u:hunter 2@[db/x', 'postgres://u:***@[db/x'],
    ['a list of them', 'a://u:hunter2@h1,b://v:hunter2@h2', 'a://u:***@h2'],
  ])('shows %s without its password', (_what, value, shown) => {
    expect(shownValue('SOME_URL', value)).toBe(JSON.stringify(shown));
  });

  it.each([
    ['password parameter', 'postgres://db/x?password=hunter2', 'postgres://db/x?password=***'],
    [
      'sslpassword parameter among others',
      'postgres://db/x?sslmode=require&sslpassword=hunter2&application_name=hub#f',
      'postgres://db/x?sslmode=require&sslpassword=***&application_name=hub#f',
    ],
    [
      'PASSWORD parameter in capitals',
      'postgres://db/x?PASSWORD=hunter2',
      'postgres://db/x?PASSWORD=***',
    ],
    [
      'password parameter holding an @, and its userinfo password',
      'postgres://u:hunter2@db/x?password=hun@ter2',
      'postgres://u:***@db/x?password=***',
    ],
  ])("hides a URL's %s", (_what, value, shown) => {
    expect(shownValue('DATABASE_URL', value)).toBe(JSON.stringify(shown));
  });
});
