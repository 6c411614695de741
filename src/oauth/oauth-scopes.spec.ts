import { grantableScopes, requiredScopeOf, roleOfScopes } from './oauth-scopes';

describe('OAuth scopes', () => {
  it.each([
    ['/mcp', 'tools'],
    ['/api/tools/echo', 'tools'],
    ['/api/v1/me', 'none'],
    ['/api/v1/sessions/abc/runs', 'runs'],
    ['/api/v1/workflows/wf/runs', 'runs'],
    ['/api/v1/workflows/wf', 'registry'],
    ['/api/v1/tools?limit=2', 'registry'],
    ['/api/v1/keys', 'admin'],
    ['/api/v1/toolsx', 'admin'],
  ])('%s needs %s', (path, scope) => {
    expect(requiredScopeOf(path)).toBe(scope);
  });

  it('lets only admins grant admin, and acts as an admin only with it', () => {
    expect(grantableScopes('member')).not.toContain('admin');
    expect(grantableScopes('admin')).toContain('admin');
    expect(roleOfScopes(['tools'])).toBe('member');
    expect(roleOfScopes(['tools', 'admin'])).toBe('admin');
  });
});
