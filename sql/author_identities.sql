-- author_identities: one row per repository and author e-mail (as commits has it, after .mailmap): the person it
--   belongs to. git shortlog -sn and code-maat (its log reads %aN) count people by name, so one person's addresses
--   are joined where no .mailmap does it: e-mails compare without case, and the addresses whose most used name is
--   one full name (two words or more, compared without case, accents kept, symbols dropped: "☿ Kenneth Reitz" is
--   "Kenneth Reitz") are one person. A one-word name ("Johannes", a handle) joins nothing: different people share
--   those, and an address alone is then the person.
-- Columns: repo, author_email, person (the key: 'name:<full name>' or 'email:<address>'), person_name (the name of
--          the person's latest commit), person_email (the address of most of the person's commits), last_active.
CREATE OR REPLACE VIEW author_identities AS
WITH pairs AS (  -- each address and name used together (a few thousand rows on the largest histories)
    SELECT repo, author_email, author_name, count(*) AS n, max(authored_at) AS last_at
    FROM commits GROUP BY ALL
),
used AS (
    SELECT repo, author_email, lower(author_email) AS address,
           trim(regexp_replace(lower(author_name), '[^\p{L}\p{N}]+', ' ', 'g')) AS name_key,
           sum(n) AS commits, max(last_at) AS last_active,
           first(author_name ORDER BY last_at DESC, author_name) AS latest_name
    FROM pairs GROUP BY ALL
),
address_name AS (  -- the full name each address is used under most
    SELECT repo, address,
           first(name_key ORDER BY commits DESC, name_key)
               FILTER (WHERE name_key LIKE '% %' AND name_key NOT IN ('your name', 'no name', 'unknown author'))
               AS full_name
    FROM (SELECT repo, address, name_key, sum(commits) AS commits FROM used GROUP BY ALL) GROUP BY ALL
),
keyed AS (
    SELECT u.*, coalesce('name:' || a.full_name, 'email:' || u.address) AS person
    FROM used u JOIN address_name a USING (repo, address)
),
people AS (
    SELECT repo, person, first(latest_name ORDER BY last_active DESC, latest_name) AS person_name,
           max(last_active) AS last_active
    FROM keyed GROUP BY ALL
),
main_address AS (
    SELECT repo, person, first(author_email ORDER BY commits DESC, author_email) AS person_email
    FROM (SELECT repo, person, author_email, sum(commits) AS commits FROM keyed GROUP BY ALL) GROUP BY ALL
)
SELECT DISTINCT k.repo, k.author_email, k.person, p.person_name, m.person_email, p.last_active
FROM keyed k JOIN people p USING (repo, person) JOIN main_address m USING (repo, person);
