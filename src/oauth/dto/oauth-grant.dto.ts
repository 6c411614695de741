/** A client a person let act as them: what it may do, and since when. */
export class OAuthGrantDto {
  /** @example "qJ-ltxqKcneiIc9grZn4LSmd5kPQwGMT9933WaS745Z" */
  id!: string;
  /** @example "eQvboeK07gSb3_iErQP45QJvCktpk9E9fw19KigoM0l" */
  client_id!: string;
  /** The name the client registered with, if any. @example "Claude" */
  client_name!: string | null;
  /** Whose grant it is: the client acts as this user. @example "alice" */
  user!: string;
  /** @example ["tools", "runs", "registry"] */
  scopes!: string[];
  /** @example "2026-11-29T10:30:00.000Z" */
  created_at!: string;
  /**
   * When a token of the grant was last used or refreshed (noted at most once a minute); null
   * until then. @example "2026-11-29T11:02:00.000Z"
   */
  last_used_at!: string | null;
  /** When the grant lapses unless its client renews it. @example "2026-12-29T10:30:00.000Z" */
  expires_at!: string | null;
}

export class OAuthGrantListDto {
  /** Newest first. */
  grants!: OAuthGrantDto[];
}
