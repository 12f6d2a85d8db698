import 'astro';

declare module 'astro' {
  interface AstroClientDirectives {
    /** Hydrate on the first pointer, focus or key event on the island (web/lib/directives/interaction.ts). */
    'client:interaction'?: boolean;
  }
}
