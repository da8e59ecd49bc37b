; Vue single-file components: their <script> blocks read as TypeScript (languages.py: markup), the template blanked.
; inherits: typescript
