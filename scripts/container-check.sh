#!/usr/bin/env bash
# The container check of issue #46, on a machine where no registry image can be pulled:
#   bash scripts/container-check.sh            (root, podman, runc, mmdebstrap; about 10-20 min)
# 1. builds a stand-in for the official base image from Debian's packages (mmdebstrap bookworm,
#    this machine's Node 24 and npm copied in, a `node` user uid 1000), tagged
#    node:24-bookworm-slim, so the Containerfile builds unchanged with --pull=never;
# 2. builds the image (timed, size recorded);
# 3. scans the image's file list: no compiler, no dev dependency, no source map;
# 4. runs it on the embedded database (volume, read-only root, /tmp tmpfs): /healthz, a public
#    page, a sign-in with ADMIN_EMAIL, a contact inquiry seen in the back-office, the compiled
#    backup and restore CLIs, a non-root process, the HEALTHCHECK, SIGTERM ending it within 10 s,
#    a restart keeping the data;
# 5. runs it against this machine's PostgreSQL (a fresh database, dropped at the end);
# 6. validates compose.yaml (podman-compose config, else docker compose / docker-compose config)
#    with a throwaway .env made from .env.example, and that it refuses to run without one.
# Prints PASS/FAIL per check and exits 1 on any FAIL. Not part of `npm test` (it takes minutes).
# Environment: KEEP_BASE=1 reuses an existing node:24-bookworm-slim; NODE_BIN=/path/to/node (24);
# CHECK_PORT (default 3461; CHECK_PORT+1 for the PostgreSQL run); PGURL (default
# postgres://postgres@127.0.0.1:5432); IMAGE (default studio-site:check); BUDGET_MB (1250);
# BUILD_CACHE=1 lets podman reuse its layer cache (the default is a clean build).
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT"
IMAGE="${IMAGE:-studio-site:check}"
BUDGET_MB="${BUDGET_MB:-1250}"
BASE_TAG="node:24-bookworm-slim"
PORT="${CHECK_PORT:-3461}"
PG_PORT="$((PORT + 1))"
PGURL="${PGURL:-postgres://postgres@127.0.0.1:5432}"
RUN_ID="$$"
CTR="studio-check-embedded-$RUN_ID"
CTR_PG="studio-check-pg-$RUN_ID"
VOL="studio-check-data-$RUN_ID"
VOL_PG="studio-check-pgdata-$RUN_ID"
PG_DB="studio_check_$RUN_ID"
WORK="$(mktemp -d /tmp/container-check.XXXXXX)"
PODMAN=(podman --runtime runc)
FAILS=0
PG_CREATED=0

log() { printf '%s %s\n' "$(date -u +%H:%M:%S)" "$*"; }
pass() { log "PASS  $1${2:+ — $2}"; }
fail() {
  log "FAIL  $1${2:+ — $2}"
  FAILS=$((FAILS + 1))
}
# check NAME COMMAND...: PASS when the command succeeds; its last output line is the detail.
check() {
  local name="$1" out
  shift
  if out="$("$@" 2>&1)"; then pass "$name" "$(tail -n 1 <<<"$out")"; else fail "$name" "$(tail -n 3 <<<"$out" | tr '\n' ' ')"; fi
}

cleanup() {
  set +e
  "${PODMAN[@]}" rm -f -v -t 0 "$CTR" "$CTR_PG" >/dev/null 2>&1
  podman volume rm -f "$VOL" "$VOL_PG" >/dev/null 2>&1
  if [ "$PG_CREATED" = 1 ]; then psql "$PGURL/postgres" -qAtc "drop database if exists $PG_DB" >/dev/null 2>&1; fi
  rm -rf "$WORK"
}
trap cleanup EXIT

log "container check on $(hostname), $(. /etc/os-release && echo "$PRETTY_NAME"), $(podman --version), $(runc --version | head -n 1), $(nproc) cores"

# --- 1. The base image ------------------------------------------------------------------------
# Node 24: the machine's `node` if it is 24, else the project's own Node 24 (the `node` dev
# dependency in node_modules), or NODE_BIN.
find_node() {
  local candidate
  for candidate in "${NODE_BIN:-}" "$(command -v node || true)" "$ROOT/node_modules/node/bin/node"; do
    [ -n "$candidate" ] && [ -x "$candidate" ] || continue
    candidate="$(readlink -f "$candidate")"
    if [[ "$("$candidate" --version)" == v24.* ]]; then
      echo "$candidate"
      return
    fi
  done
  return 1
}
NODE="$(find_node)" || {
  fail "Node 24 found" "no Node 24 binary (set NODE_BIN)"
  exit 1
}
NODE_VERSION="$("$NODE" --version)"
NPM_DIR="$(dirname "$(dirname "$(readlink -f "$(command -v npm)")")")"
log "Node $NODE_VERSION from $NODE; npm $(node "$NPM_DIR/bin/npm-cli.js" --version) from $NPM_DIR"

if [ "${KEEP_BASE:-0}" = 1 ] && podman image exists "$BASE_TAG"; then
  log "base: reusing $BASE_TAG (KEEP_BASE=1)"
else
  started=$SECONDS
  # This machine reaches npm through a TLS-inspecting egress proxy whose CA it trusts in
  # /usr/local/share/ca-certificates: the stand-in trusts the same, and its npm reads the system
  # bundle (npm uses its own CA list otherwise). Only npm's config: Node's own CA list is as in
  # the official image. Without such certificates, nothing is added.
  CA_HOOKS=()
  shopt -s nullglob
  for crt in /usr/local/share/ca-certificates/*.crt; do CA_HOOKS+=(--customize-hook="copy-in '$crt' /usr/local/share/ca-certificates"); done
  shopt -u nullglob
  if [ ${#CA_HOOKS[@]} -gt 0 ]; then
    CA_HOOKS+=(--customize-hook='chroot "$1" update-ca-certificates >/dev/null')
    CA_HOOKS+=(--customize-hook='mkdir -p "$1/usr/local/etc" && echo "cafile=/etc/ssl/certs/ca-certificates.crt" >"$1/usr/local/etc/npmrc"')
    log "base: trusting this machine's $(((${#CA_HOOKS[@]} - 2))) extra CA certificate(s) from /usr/local/share/ca-certificates"
  fi
  # Like the official image: Node and npm under /usr/local, a `node` user and group (1000).
  if mmdebstrap --variant=minbase --include=ca-certificates \
    --customize-hook="copy-in '$NODE' /usr/local/bin" \
    --customize-hook="mkdir -p \"\$1/usr/local/lib/node_modules\"" \
    --customize-hook="copy-in '$NPM_DIR' /usr/local/lib/node_modules" \
    --customize-hook='ln -s ../lib/node_modules/npm/bin/npm-cli.js "$1/usr/local/bin/npm"' \
    --customize-hook='ln -s ../lib/node_modules/npm/bin/npx-cli.js "$1/usr/local/bin/npx"' \
    --customize-hook='echo "node:x:1000:" >>"$1/etc/group"' \
    --customize-hook='echo "node:x:1000:1000::/home/node:/bin/sh" >>"$1/etc/passwd"' \
    --customize-hook='mkdir -p "$1/home/node" && chown 1000:1000 "$1/home/node"' \
    "${CA_HOOKS[@]}" \
    --customize-hook='rm -rf "$1/var/lib/apt/lists/"* "$1/var/cache/apt/"*.bin' \
    bookworm "$WORK/rootfs" \
    "deb http://deb.debian.org/debian bookworm main" \
    "deb http://deb.debian.org/debian bookworm-updates main" \
    "deb http://deb.debian.org/debian-security bookworm-security main" \
    >"$WORK/mmdebstrap.log" 2>&1 &&
    tar -C "$WORK/rootfs" -c . | podman import \
      --change "ENV PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin" \
      --change "ENV NODE_VERSION=${NODE_VERSION#v}" \
      --change 'CMD ["node"]' - "$BASE_TAG" >"$WORK/import.log" 2>&1; then
    rm -rf "$WORK/rootfs"
    pass "base image $BASE_TAG" "mmdebstrap bookworm minbase + Node $NODE_VERSION, $((SECONDS - started)) s, $(podman image inspect --format '{{.Size}}' "$BASE_TAG") bytes"
  else
    tail -n 20 "$WORK/mmdebstrap.log"
    fail "base image $BASE_TAG" "mmdebstrap or podman import failed"
    exit 1
  fi
fi

# --- 2. The image -------------------------------------------------------------------------------
# The ulimits: the machine's hard limits, or lower where runc cannot set them. Without
# CAP_SYS_RESOURCE runc's init may only lower a limit, and its own nproc limit can be below the
# shell's (here `ulimit -Hu` is 96362, runc takes at most 32768): the first value a throwaway
# container starts with.
NOFILE="$(ulimit -Hn)"
NPROC=""
for n in "$(ulimit -Hu)" 65536 32768 16384 8192 4096; do
  [ "$n" -le "$(ulimit -Hu)" ] || continue
  if "${PODMAN[@]}" run --rm --ulimit "nofile=$NOFILE:$NOFILE" --ulimit "nproc=$n:$n" "$BASE_TAG" true >/dev/null 2>&1; then
    NPROC="$n"
    break
  fi
done
[ -n "$NPROC" ] || {
  fail "ulimits" "no nproc value from $(ulimit -Hu) down to 4096 starts a container"
  exit 1
}
log "ulimits: nofile $NOFILE (ulimit -Hn $(ulimit -Hn)), nproc $NPROC (ulimit -Hu $(ulimit -Hu))"
log "build: podman build --runtime runc --pull=never --format docker ${BUILD_CACHE:+(layer cache) }--ulimit nofile=$NOFILE:$NOFILE --ulimit nproc=$NPROC:$NPROC"
started=$SECONDS
# --format docker keeps HEALTHCHECK (the OCI format has no such field).
# A clean build each run (BUILD_CACHE=1 reuses podman's layer cache, for trying changes).
CACHE_FLAG=(--no-cache)
[ "${BUILD_CACHE:-0}" = 1 ] && CACHE_FLAG=()
ULIMITS=(--ulimit "nofile=$NOFILE:$NOFILE" --ulimit "nproc=$NPROC:$NPROC")
if podman build --runtime runc --pull=never --format docker "${CACHE_FLAG[@]}" "${ULIMITS[@]}" \
  -f Containerfile -t "$IMAGE" . >"$WORK/build.log" 2>&1; then
  BUILD_SECONDS=$((SECONDS - started))
  SIZE="$(podman image inspect --format '{{.Size}}' "$IMAGE")"
  pass "image build" "$BUILD_SECONDS s"
  log "image size: $SIZE bytes ($((SIZE / 1000000)) MB)"
  # The budget (docs/benchmarks.md): this image on the stand-in base, ~5 % over its size on
  # 2026-12-03, so that a new heavy dependency shows.
  if [ "$SIZE" -le $((BUDGET_MB * 1000000)) ]; then
    pass "image size within budget" "$((SIZE / 1000000)) MB <= $BUDGET_MB MB"
  else
    fail "image size within budget" "$((SIZE / 1000000)) MB > $BUDGET_MB MB"
  fi
  grep -E '^(STEP|COMMIT|Successfully)' "$WORK/build.log" | sed 's/^/      /' || true
else
  tail -n 40 "$WORK/build.log"
  fail "image build" "after $((SECONDS - started)) s"
  exit 1
fi

# --- 3. The file list ---------------------------------------------------------------------------
scan_id="$("${PODMAN[@]}" create "$IMAGE")"
"${PODMAN[@]}" export "$scan_id" | tar -t | sed 's#^\./##; s#/$##' | sort >"$WORK/files.txt"
"${PODMAN[@]}" rm -v "$scan_id" >/dev/null 2>&1
log "file list: $(wc -l <"$WORK/files.txt") entries"
no_compiler() {
  local found
  found="$(grep -E '^usr/(local/)?s?bin/((x86_64-linux-gnu-)?(gcc|g\+\+|cc|c\+\+|cpp|clang|clang\+\+|tcc)(-[0-9.]+)?|make|gmake|ld|as)$' "$WORK/files.txt" || true)"
  [ -z "$found" ] || {
    echo "$found"
    return 1
  }
  echo "none of gcc, g++, cc, c++, cpp, clang, make, ld, as"
}
no_dev_dependency() {
  # Every package-lock entry marked dev (reachable only from devDependencies), and the named
  # tools whatever the lock says: none may be in /app/node_modules.
  node -e '
    const lock = require(process.argv[1]);
    const dev = Object.entries(lock.packages).filter(([k, v]) => k && v.dev).map(([k]) => k);
    for (const name of ["vitest", "@playwright/test", "playwright", "typescript", "@biomejs/biome", "vite", "tsx", "drizzle-kit", "@react-router/dev", "lighthouse", "node"])
      dev.push(`node_modules/${name}`);
    console.log([...new Set(dev)].map((k) => `app/${k}/package.json`).join("\n"));
  ' "$ROOT/package-lock.json" | sort >"$WORK/dev-paths.txt"
  local found
  found="$(comm -12 "$WORK/dev-paths.txt" "$WORK/files.txt")"
  [ -z "$found" ] || {
    echo "$(wc -l <<<"$found") dev packages, e.g. $(head -n 5 <<<"$found" | tr '\n' ' ')"
    return 1
  }
  echo "none of the lock's $(wc -l <"$WORK/dev-paths.txt") dev-only packages; $(grep -cE '^app/node_modules/(@[^/]+/)?[^/@]+/package\.json$' "$WORK/files.txt") top-level packages shipped"
}
no_source_map() {
  local found
  found="$(grep -E '\.map$' "$WORK/files.txt" || true)"
  [ -z "$found" ] || {
    echo "$(wc -l <<<"$found") files, e.g. $(head -n 5 <<<"$found" | tr '\n' ' ')"
    return 1
  }
  echo "no *.map file"
}
has_runtime_parts() {
  for f in usr/bin/ffmpeg usr/local/bin/node app/server.js app/build/server/index.js app/build/cli/backup.mjs app/drizzle/meta/_journal.json; do
    grep -qx "$f" "$WORK/files.txt" || {
      echo "missing $f"
      return 1
    }
  done
  echo "ffmpeg, node, server.js, build/, build/cli/, drizzle/"
}
check "scan: no compiler" no_compiler
check "scan: no dev dependency" no_dev_dependency
check "scan: no source map" no_source_map
check "scan: runtime parts present" has_runtime_parts

# --- 4. Embedded database -----------------------------------------------------------------------
SITE="http://127.0.0.1:$PORT"
ADMIN_EMAIL="admin@studio.test"
ADMIN_PASSWORD="check-$(openssl rand -hex 8)"
AUTH_SECRET="$(openssl rand -hex 32)"
MARK="container-check-$RUN_ID-$(date +%s)"

# wait_healthy URL SECONDS: polls /healthz every 0.5 s, bounded.
wait_healthy() {
  local deadline=$((SECONDS + $2))
  until curl -fsS -o /dev/null --max-time 2 "$1/healthz" 2>/dev/null; do
    [ $SECONDS -lt $deadline ] || {
      echo "no 200 from $1/healthz within $2 s"
      return 1
    }
    sleep 0.5
  done
  echo "$1/healthz 200 after $((SECONDS - deadline + $2)) s"
}
public_page() {
  local body
  body="$(curl -fsS --max-time 10 "$1/")" || return 1
  grep -q "Northlight Studio" <<<"$body" || {
    echo "/ has no 'Northlight Studio'"
    return 1
  }
  echo "/ 200, $(wc -c <<<"$body") bytes, names Northlight Studio"
}
# sign_in JAR: like the no-JS form — GET the page (its hidden fields), POST email and password
# with the browser's Origin, expect a redirect into /admin and a session cookie.
sign_in() {
  local jar="$1" page headers location
  rm -f "$jar"
  page="$(curl -fsS --max-time 10 -c "$jar" -b "$jar" "$SITE/admin/login")" || return 1
  grep -q 'name="email"' <<<"$page" || {
    echo "no email field on /admin/login"
    return 1
  }
  headers="$(curl -sS --max-time 20 -o /dev/null -D - -c "$jar" -b "$jar" \
    -H "Origin: $SITE" -H "Sec-Fetch-Site: same-origin" \
    --data-urlencode "redirectTo=" --data-urlencode "email=$ADMIN_EMAIL" \
    --data-urlencode "password=$ADMIN_PASSWORD" "$SITE/admin/login")"
  location="$(grep -i '^location:' <<<"$headers" | tr -d '\r' | cut -d' ' -f2)"
  [[ "$(head -n 1 <<<"$headers")" =~ ^HTTP/[0-9.]+\ 30[23] ]] && [[ "$location" == /admin* ]] &&
    [[ "$location" != /admin/login* ]] || {
    echo "answer: $(head -n 1 <<<"$headers" | tr -d '\r'), location '$location'"
    return 1
  }
  grep -qi 'session' "$jar" || {
    echo "no session cookie"
    return 1
  }
  echo "$(head -n 1 <<<"$headers" | tr -d '\r') to $location, cookie $(grep -i session "$jar" | awk '{print $6}' | head -n 1)"
}
contact() {
  local status
  status="$(curl -sS --max-time 20 -o "$WORK/contact.html" -w '%{http_code}' -H "Origin: $SITE" \
    --data-urlencode "name=Container Check" --data-urlencode "email=check@example.com" \
    --data-urlencode "description=Inquiry $MARK" --data-urlencode "website=" "$SITE/contact")"
  [ "$status" = 200 ] || {
    echo "POST /contact answered $status"
    return 1
  }
  echo "POST /contact 200"
}
# The inquiries list is the back-office's home, /admin (/admin/inquiries redirects there).
inquiry_listed() {
  local body
  body="$(curl -fsS --max-time 10 -b "$1" "$SITE/admin")" || return 1
  grep -q "Container Check" <<<"$body" || {
    echo "/admin does not list the inquiry"
    return 1
  }
  echo "/admin lists the inquiry from 'Container Check'"
}
# The compiled backup CLI (decision 0494), run in the serving container: the server takes it.
backup_cli() {
  local out
  out="$("${PODMAN[@]}" exec "$CTR" node build/cli/backup.mjs 2>&1)" || {
    echo "$out"
    return 1
  }
  local archive
  archive="$(tail -n 1 <<<"$out")"
  [[ "$archive" == /data/backups/*.tar.gz ]] || {
    echo "last line: $archive"
    return 1
  }
  # check() runs this in a subshell: the path goes to the restore check through a file.
  echo "$archive" >"$WORK/backup-path"
  echo "node build/cli/backup.mjs: $archive"
}
# The compiled restore CLI, in a one-off container on the stopped site's volume.
restore_cli() {
  [ -s "$WORK/backup-path" ] || {
    echo "no backup to restore"
    return 1
  }
  "${PODMAN[@]}" run --rm "${ULIMITS[@]}" --read-only --tmpfs /tmp -v "$VOL:/data" \
    -e "AUTH_SECRET=$AUTH_SECRET" "$IMAGE" node build/cli/restore.mjs "$(cat "$WORK/backup-path")" --replace 2>&1 | tail -n 1
  [ "${PIPESTATUS[0]}" = 0 ]
}
not_root() {
  local uid
  uid="$("${PODMAN[@]}" exec "$CTR" id -u)"
  [ "$uid" != 0 ] || {
    echo "uid 0"
    return 1
  }
  echo "uid $uid ($("${PODMAN[@]}" exec "$CTR" id -un)); PID 1 $("${PODMAN[@]}" exec "$CTR" sh -c "grep '^Uid' /proc/1/status" | tr -s '\t ' ' ')"
}
stop_within() {
  local t0 t1 code
  t0="$(date +%s.%N)"
  "${PODMAN[@]}" stop -t 10 "$CTR" >/dev/null 2>>"$WORK/podman.log"
  t1="$(date +%s.%N)"
  code="$("${PODMAN[@]}" inspect --format '{{.State.ExitCode}}' "$CTR")"
  local took
  took="$(awk -v a="$t0" -v b="$t1" 'BEGIN { printf "%.1f", b - a }')"
  awk -v t="$took" 'BEGIN { exit !(t < 10) }' && [ "$code" = 0 ] || {
    echo "stopped after $took s, exit code $code"
    return 1
  }
  echo "SIGTERM: stopped after $took s, exit code $code"
}
# Podman runs HEALTHCHECKs from systemd timers; without systemd here, the check is run by hand.
healthcheck_cmd() {
  "${PODMAN[@]}" healthcheck run "$1" 2>&1 && echo "podman healthcheck run: healthy (the image's node fetch of /healthz)"
}

log "embedded: volume $VOL, read-only root, --tmpfs /tmp, $SITE"
podman volume create "$VOL" >/dev/null
"${PODMAN[@]}" run -d "${ULIMITS[@]}" --name "$CTR" --read-only --tmpfs /tmp -v "$VOL:/data" \
  -p "127.0.0.1:$PORT:3000" \
  -e "SITE_URL=$SITE" -e "ADMIN_EMAIL=$ADMIN_EMAIL" -e "ADMIN_PASSWORD=$ADMIN_PASSWORD" \
  -e "AUTH_SECRET=$AUTH_SECRET" "$IMAGE" >/dev/null 2>>"$WORK/podman.log"
if check_out="$(wait_healthy "$SITE" 120)"; then
  pass "embedded: /healthz" "$check_out"
  check "embedded: public page" public_page "$SITE"
  check "embedded: sign-in with ADMIN_EMAIL" sign_in "$WORK/jar1"
  check "embedded: contact submission" contact
  check "embedded: inquiry in the back-office" inquiry_listed "$WORK/jar1"
  check "embedded: backup from the container" backup_cli
  check "embedded: process not root" not_root
  check "embedded: image HEALTHCHECK" healthcheck_cmd "$CTR"
  check "embedded: stop on SIGTERM within 10 s" stop_within
  "${PODMAN[@]}" logs "$CTR" 2>&1 | tail -n 2 | cut -c1-200 | sed 's/^/      log: /'
  check "embedded: restore with the site stopped" restore_cli
  "${PODMAN[@]}" start "$CTR" >/dev/null 2>>"$WORK/podman.log"
  if check_out="$(wait_healthy "$SITE" 120)"; then
    pass "restart: /healthz" "$check_out"
    check "restart: sign-in still works" sign_in "$WORK/jar2"
    check "restart: the inquiry is still there" inquiry_listed "$WORK/jar2"
  else
    fail "restart: /healthz" "$check_out"
    "${PODMAN[@]}" logs "$CTR" 2>&1 | tail -n 20
  fi
  "${PODMAN[@]}" stop -t 10 "$CTR" >/dev/null 2>>"$WORK/podman.log" || true
else
  fail "embedded: /healthz" "$check_out"
  "${PODMAN[@]}" logs "$CTR" 2>&1 | tail -n 20
fi

# --- 5. The machine's PostgreSQL ----------------------------------------------------------------
if psql "$PGURL/postgres" -qAtc "create database $PG_DB" >/dev/null 2>&1; then
  PG_CREATED=1
  SITE="http://127.0.0.1:$PG_PORT"
  log "postgresql: $PGURL/$PG_DB, --network host, $SITE"
  podman volume create "$VOL_PG" >/dev/null
  "${PODMAN[@]}" run -d "${ULIMITS[@]}" --name "$CTR_PG" --read-only --tmpfs /tmp -v "$VOL_PG:/data" \
    --network host -e HOST=127.0.0.1 -e "PORT=$PG_PORT" -e "SITE_URL=$SITE" \
    -e "DATABASE_URL=$PGURL/$PG_DB" -e "AUTH_SECRET=$AUTH_SECRET" \
    -e "ADMIN_EMAIL=$ADMIN_EMAIL" -e "ADMIN_PASSWORD=$ADMIN_PASSWORD" "$IMAGE" >/dev/null 2>>"$WORK/podman.log"
  if check_out="$(wait_healthy "$SITE" 120)"; then
    pass "postgresql: /healthz" "$check_out"
    check "postgresql: public page" public_page "$SITE"
    check "postgresql: sign-in with ADMIN_EMAIL" sign_in "$WORK/jar3"
    check "postgresql: tables in $PG_DB" bash -c "n=\$(psql '$PGURL/$PG_DB' -qAtc \"select count(*) from information_schema.tables where table_schema = 'public'\") && [ \"\$n\" -gt 0 ] && echo \"\$n tables in the public schema\""
  else
    fail "postgresql: /healthz" "$check_out"
    "${PODMAN[@]}" logs "$CTR_PG" 2>&1 | tail -n 20
  fi
  "${PODMAN[@]}" stop -t 10 "$CTR_PG" >/dev/null 2>>"$WORK/podman.log" || true
else
  fail "postgresql: create database $PG_DB" "at $PGURL"
fi

# --- 6. compose.yaml ----------------------------------------------------------------------------
# podman-compose config where it has one (1.0.3, Debian 12's, has no `config` and its --dry-run
# still creates volumes); else `docker compose config` or docker-compose 1.29 (Debian's apt).
COMPOSE=()
if podman-compose --help 2>/dev/null | grep -qw config; then
  COMPOSE=(podman-compose)
elif docker compose version >/dev/null 2>&1; then
  COMPOSE=(docker compose)
elif command -v docker-compose >/dev/null; then
  COMPOSE=(docker-compose)
fi
compose_dir() {
  mkdir -p "$1"
  cp compose.yaml Containerfile "$1/"
  cp -r deploy "$1/"
}
compose_config() {
  [ ${#COMPOSE[@]} -gt 0 ] || {
    echo "no compose with a config command (podman-compose $(podman-compose version 2>/dev/null | tail -n 1) has none; apt-get install docker-compose)"
    return 1
  }
  local dir="$WORK/compose" service
  compose_dir "$dir"
  # A throwaway .env: .env.example's settings, and its container placeholders with fresh values.
  {
    grep -E '^[A-Z_]+=' .env.example | grep -vE '^(AUTH_SECRET|SITE_URL|DATABASE_URL|TRUST_PROXY|DATA_DIR)='
    echo "AUTH_SECRET=$(openssl rand -hex 32)"
    echo "POSTGRES_PASSWORD=$(openssl rand -hex 12)"
    echo "MINIO_ROOT_USER=studio"
    echo "MINIO_ROOT_PASSWORD=$(openssl rand -hex 12)"
    echo "SITE_HOST=studio.example.com"
  } >"$dir/.env"
  (cd "$dir" && "${COMPOSE[@]}" -f compose.yaml config >"$WORK/compose.out" 2>&1) || {
    tail -n 5 "$WORK/compose.out"
    return 1
  }
  for service in app1 app2 postgres minio mailpit caddy; do
    grep -qE "^  $service:" "$WORK/compose.out" || {
      echo "service $service missing from the config"
      return 1
    }
  done
  (cd "$dir" && "${COMPOSE[@]}" -f compose.yaml --profile embedded config >"$WORK/compose-embedded.out" 2>&1) || {
    tail -n 5 "$WORK/compose-embedded.out"
    return 1
  }
  grep -qE '^  embedded:' "$WORK/compose-embedded.out" || {
    echo "--profile embedded has no embedded service"
    return 1
  }
  echo "${COMPOSE[*]} config: app1 app2 postgres minio mailpit caddy valid; --profile embedded: embedded"
}
compose_needs_env() {
  [ ${#COMPOSE[@]} -gt 0 ] || return 1
  local dir="$WORK/compose-noenv"
  compose_dir "$dir"
  if (cd "$dir" && "${COMPOSE[@]}" -f compose.yaml config >"$WORK/compose-noenv.out" 2>&1); then
    echo "config without .env passed"
    return 1
  fi
  grep -q 'set AUTH_SECRET in .env' "$WORK/compose-noenv.out" || {
    tail -n 2 "$WORK/compose-noenv.out"
    return 1
  }
  echo "without .env: refused, 'set AUTH_SECRET in .env'"
}
check "compose: ${COMPOSE[*]:-compose} config" compose_config
check "compose: secrets required from .env" compose_needs_env

# --- Summary ------------------------------------------------------------------------------------
log "summary: build ${BUILD_SECONDS:-?} s, image ${SIZE:-?} bytes, $FAILS failed check(s)"
[ "$FAILS" = 0 ]
