; TSX (TypeScript with JSX): everything of typescript.scm, plus JSX components as calls and callbacks.
; inherits: typescript
; inherits: jsx
