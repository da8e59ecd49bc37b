-- author_identities: one row per repository and author e-mail (as commits has it, after .mailmap): the person it
--   belongs to. git shortlog -sn and code-maat (its log reads %aN) count people by name, so one person's addresses
--   are joined where no .mailmap does it: e-mails compare without case, and the addresses whose most used name is
--   one full name (two words or more, compared without case, accents kept, symbols dropped: "☿ Kenneth Reitz" is
--   "Kenneth Reitz") are one person. A one-word name ("Johannes", a handle) joins nothing: different people share
--   those, and an address alone is then the person. Two full names are one person's when an address was used under
--   those two only and they share their first or last word (rails: rafael@franca.dev as "Rafael França" and
--   "Rafael Mendonça França"): the name with more commits is the person's (a shared address used by many names,
--   a bot's or a placeholder, links none).
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
full_names AS (  -- each address's full names (two words or more, placeholders left out) and their commits
    SELECT repo, address, name_key, sum(commits) AS commits FROM used
    WHERE name_key LIKE '% %' AND name_key NOT IN ('your name', 'no name', 'unknown author') GROUP BY ALL
),
name_weight AS (
    SELECT repo, name_key, sum(commits) AS commits FROM full_names GROUP BY ALL
),
variant AS (  -- a name -> the heavier name it shares a two-name address with (a first or last word in common)
    SELECT a.repo, a.name_key, arg_max(b.name_key, wb.commits) AS heavier
    FROM full_names a
    JOIN (SELECT repo, address FROM full_names GROUP BY ALL HAVING count(*) = 2) t USING (repo, address)
    JOIN full_names b ON b.repo = a.repo AND b.address = a.address AND b.name_key <> a.name_key
    JOIN name_weight wa ON wa.repo = a.repo AND wa.name_key = a.name_key
    JOIN name_weight wb ON wb.repo = b.repo AND wb.name_key = b.name_key
    WHERE (wb.commits > wa.commits OR (wb.commits = wa.commits AND b.name_key < a.name_key))
      AND NOT (a.name_key LIKE '% and %' OR b.name_key LIKE '% and %')  -- a pair's name is two people's
      AND (string_split(a.name_key, ' ')[1] = string_split(b.name_key, ' ')[1]
           OR string_split(a.name_key, ' ')[-1] = string_split(b.name_key, ' ')[-1])
    GROUP BY a.repo, a.name_key
),
address_name AS (  -- the full name each address is used under most, as its person writes it (two steps of variant)
    SELECT n.repo, n.address, coalesce(v2.heavier, v1.heavier, n.full_name) AS full_name
    FROM (SELECT repo, address, first(name_key ORDER BY commits DESC, name_key) AS full_name
          FROM full_names GROUP BY ALL) n
    LEFT JOIN variant v1 ON v1.repo = n.repo AND v1.name_key = n.full_name
    LEFT JOIN variant v2 ON v2.repo = n.repo AND v2.name_key = v1.heavier
),
keyed AS (
    SELECT u.*, coalesce('name:' || a.full_name, 'email:' || u.address) AS person
    FROM used u LEFT JOIN address_name a USING (repo, address)
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
