#!/usr/bin/env bash
# Rebuilds tests/data/schemas/ from git history: for every commit that changed
# migrations/, the database a build of that commit would create (its embedded
# migrations applied in order to an empty file, user_version = their count),
# dumped as SQL. Commits whose databases are identical share one fixture, named
# by the earliest of them. Run from the repository root: scripts/schema-fixtures.sh
set -euo pipefail
out=tests/data/schemas
mkdir -p "$out"
rm -f "$out"/*.sql
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
index="$work/index"
: >"$index"
for c in $(git log --reverse --format=%h -- migrations/); do
    # The migrations the build embeds, in its order; before the store
    # embedded any, the files of migrations/ in name order.
    files=$(git grep -h -o 'include_str!("../../migrations/[^"]*")' "$c" -- src \
        | sed 's/.*migrations\/\([^"]*\)".*/migrations\/\1/' || true)
    if [ -z "$files" ]; then
        files=$(git ls-tree --name-only "$c" migrations/ | grep '\.sql$')
    fi
    db="$work/$c.db"
    n=0
    for f in $files; do
        git show "$c:$f" | sqlite3 "$db"
        n=$((n + 1))
    done
    sqlite3 "$db" "PRAGMA user_version = $n;"
    {
        echo "-- the database a build of commit $c creates (migrations 1..$n)"
        echo "PRAGMA user_version = $n;"
        # The schema without its comment lines: they are the prose of the
        # migrations of that day, not the schema.
        sqlite3 "$db" .dump | grep -v '^PRAGMA foreign_keys' | sed '/^[[:space:]]*--/d'
    } >"$work/$c.sql"
    sum=$(tail -n +2 "$work/$c.sql" | sha256sum | cut -d' ' -f1)
    first=$(awk -v s="$sum" '$2 == s { print $1; exit }' "$index")
    echo "$c $sum" >>"$index"
    if [ -z "$first" ]; then
        cp "$work/$c.sql" "$out/$c.sql"
        echo "$c: new schema ($n migrations)"
    else
        echo "$c: same as $first"
    fi
done
