"""The map agents read: neighbourhoods, subsystems (communities), "why" (documents that mention a file), context
packing and the self-evaluation. Analyses are SQL (``sql/neighborhood.sql`` ...); Python here only runs them, detects
communities (which SQL cannot) and packs source into a token budget."""
