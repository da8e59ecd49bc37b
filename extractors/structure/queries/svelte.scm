; Svelte components: their <script> blocks read as TypeScript (languages.py: markup), the markup blanked.
; inherits: typescript
