// Vitest (Vite) replaces `import.meta.glob` at transform time; only the test helpers use it.
interface ImportMeta {
  glob<T>(pattern: string, options: { eager: true; import: string }): Record<string, T>;
}
