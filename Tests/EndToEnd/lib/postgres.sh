# Shared by the todo-server scripts (sourced, not run): a throwaway PostgreSQL server.
# The caller defines `work` (a temporary directory it deletes), `fail MESSAGE` and
# `pg_ctl_stop` (run by its cleanup when not empty).

# as_postgres COMMAND…: runs a PostgreSQL program as the postgres user when we are
# root (the server refuses root), as ourselves otherwise.
as_postgres() {
    if ((EUID == 0)); then runuser -u postgres -- "$@"; else "$@"; fi
}

# start_postgres: a throwaway PostgreSQL server on a free loopback port with a
# database "todos"; sets store_args, psql_todos, pg_start (starts it again),
# pg_stop_fast (a fast shutdown) and database_url.
start_postgres() {
    local bin port
    bin="$(ls -d /usr/lib/postgresql/*/bin 2> /dev/null | sort -V | tail -1)"
    [[ -x $bin/initdb ]] || bin="$(dirname "$(command -v initdb 2> /dev/null || echo /none/initdb)")"
    [[ -x $bin/initdb ]] || fail "PostgreSQL is not installed: install Debian's package postgresql"
    mkdir -p "$work/pg"
    if ((EUID == 0)); then chmod 755 "$work" && chown postgres "$work/pg"; fi
    as_postgres "$bin/initdb" -D "$work/pg/data" -U todo --auth=trust -E UTF8 --no-locale > "$work/initdb.log" 2>&1 \
        || fail "initdb failed: $(cat "$work/initdb.log")"
    for _ in 1 2 3 4 5; do
        port=$((20000 + RANDOM % 40000))
        if (echo > "/dev/tcp/127.0.0.1/$port") 2> /dev/null; then continue; fi
        pg_start=(as_postgres "$bin/pg_ctl" -D "$work/pg/data" -l "$work/pg/server.log" -w -t 60
            -o "-p $port -c listen_addresses=127.0.0.1 -k $work/pg -c fsync=on" start)
        if "${pg_start[@]}" > /dev/null 2>&1; then
            pg_ctl_stop="as_postgres $bin/pg_ctl -D $work/pg/data -m immediate -w stop"
            pg_stop_fast=(as_postgres "$bin/pg_ctl" -D "$work/pg/data" -m fast -w -t 60 stop)
            database_url="postgres://todo@127.0.0.1:$port/todos"
            psql_todos=("$bin/psql" -X -q -A -t -h 127.0.0.1 -p "$port" -U todo -d todos -v ON_ERROR_STOP=1)
            "$bin/psql" -X -q -h 127.0.0.1 -p "$port" -U todo -d postgres -c "CREATE DATABASE todos" \
                || fail "could not create the database todos"
            # A request waits up to 30 s for the database (not 3): a 503 on a busy
            # machine would read as a lost write here; curl gives up after 5 s anyway.
            store_args=(--database "$database_url" --database-timeout 30)
            echo "postgres: a throwaway server on 127.0.0.1:$port ($("$bin/postgres" --version))"
            return
        fi
    done
    fail "the PostgreSQL server did not start: $(tail -5 "$work/pg/server.log" 2> /dev/null)"
}
