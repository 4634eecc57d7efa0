export const homeKeys = {
  content: ['home', 'content'] as const,
  about: ['home', 'about'] as const,
};
