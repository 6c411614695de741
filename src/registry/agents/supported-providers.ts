/** The model providers an agent can name in `model_config.provider`. */
export const SUPPORTED_PROVIDERS = ['anthropic', 'openai', 'google', 'ollama'] as const;

export type SupportedProvider = (typeof SUPPORTED_PROVIDERS)[number];
