#!/usr/bin/env bash
# Ensure the services the test suite needs are up (Debian bookworm, run as root):
#   - PostgreSQL on 127.0.0.1:5432, trust auth, database "test"
#   - pgvector extension available (built from trixie's source package if missing;
#     best effort: the app tolerates a missing "vector" extension)
#   - Redis on 127.0.0.1:6379
# Idempotent: when everything is already present it only runs a few checks.
# Network: Debian apt mirrors only.
set -euo pipefail

export DEBIAN_FRONTEND=noninteractive

PG_HOST=127.0.0.1
PG_PORT=5432
PG_DB=test
REDIS_HOST=127.0.0.1
REDIS_PORT=6379
DEBIAN_MIRROR=http://deb.debian.org/debian
PGVECTOR_SUITE=trixie

APT_OPTS=(-qq -y -o DPkg::Lock::Timeout=120 -o Acquire::Retries=3 -o Acquire::http::Timeout=30
          -o Dpkg::Options::=--force-confdef -o Dpkg::Options::=--force-confold)
LOG_DIR=$(mktemp -d /tmp/ci-services.XXXXXX)
chmod 755 "$LOG_DIR"   # apt's _apt sandbox user must be able to write the pgvector download
trap 'rm -rf "$LOG_DIR"' EXIT

log()  { echo "[services] $*" >&2; }
warn() { echo "[services] WARNING: $*" >&2; }
die()  { echo "[services] ERROR: $*" >&2; exit 1; }

[[ $(id -u) -eq 0 ]] || die "must run as root"

# Run apt-get quietly; show its output only when it fails.
apt_quiet() {
  local out="$LOG_DIR/apt.log"
  if ! apt-get "${APT_OPTS[@]}" "$@" >"$out" 2>&1; then
    cat "$out" >&2
    return 1
  fi
}

APT_UPDATED=0
apt_update_once() {
  [[ $APT_UPDATED -eq 1 ]] && return 0
  log "apt-get update"
  apt_quiet update
  APT_UPDATED=1
}

# apt_install PKG...: install (only) the given packages; refresh the lists once if needed.
apt_install() {
  log "apt-get install $*"
  if ! compgen -G '/var/lib/apt/lists/*_Packages*' >/dev/null; then
    apt_update_once
  fi
  if ! apt_quiet install --no-install-recommends "$@"; then
    [[ $APT_UPDATED -eq 1 ]] && return 1
    apt_update_once
    apt_quiet install --no-install-recommends "$@"
  fi
}

pkg_installed() {
  [[ "$(dpkg-query -W -f='${db:Status-Status}' "$1" 2>/dev/null || true)" == installed ]]
}

# ---------------------------------------------------------------------------
# PostgreSQL
# ---------------------------------------------------------------------------
pg_up() {
  command -v pg_isready >/dev/null 2>&1 && pg_isready -q -h "$PG_HOST" -p "$PG_PORT"
}

wait_pg() {
  local i
  for i in $(seq 1 60); do
    pg_up && return 0
    sleep 0.5
  done
  return 1
}

# psql as superuser: TCP (trust) first, then the postgres user over the local socket (peer).
pg_psql() {
  psql -X -w -v ON_ERROR_STOP=1 -h "$PG_HOST" -p "$PG_PORT" -U postgres "$@" 2>/dev/null && return 0
  runuser -u postgres -- psql -X -w -v ON_ERROR_STOP=1 -p "$PG_PORT" "$@"
}

latest_pg_major() {
  local d
  d=$(ls /etc/postgresql 2>/dev/null | sort -V | tail -1 || true)
  [[ -n "$d" ]] || d=$(ls /usr/lib/postgresql 2>/dev/null | sort -V | tail -1 || true)
  echo "$d"
}

# Prepend trust rules to pg_hba.conf (first match wins). Idempotent via marker.
ensure_trust_hba() {
  local hba=$1 marker='# ci-services: trust auth for local test runs'
  [[ -f "$hba" ]] || die "pg_hba.conf not found: $hba"
  grep -qF "$marker" "$hba" && return 0
  log "configuring trust auth in $hba"
  local tmp
  tmp=$(mktemp)
  {
    echo "$marker"
    echo "local   all   all                  trust"
    echo "host    all   all   127.0.0.1/32   trust"
    echo "host    all   all   ::1/128        trust"
    echo "# ci-services: end"
    cat "$hba"
  } >"$tmp"
  cat "$tmp" >"$hba"   # keep owner/permissions of the original file
  rm -f "$tmp"
  return 0
}

ensure_postgres() {
  if pg_up; then
    log "postgres already answering on $PG_HOST:$PG_PORT"
  else
    log "postgres not answering on $PG_HOST:$PG_PORT; setting it up"
    if ! pkg_installed postgresql && [[ -z "$(latest_pg_major)" ]]; then
      apt_install postgresql
    fi
    local major
    major=$(latest_pg_major)
    [[ -n "$major" ]] || die "no PostgreSQL version found after install"
    if [[ ! -f "/etc/postgresql/$major/main/postgresql.conf" ]]; then
      log "creating cluster $major/main"
      pg_createcluster --port "$PG_PORT" "$major" main >/dev/null
    fi
    ensure_trust_hba "/etc/postgresql/$major/main/pg_hba.conf"
    if ! pg_up; then   # the package's postinst may already have started it
      log "starting cluster $major/main"
      # If it is already running (e.g. on a different address) reload picks up pg_hba.
      pg_ctlcluster --skip-systemctl-redirect "$major" main start ||
        pg_ctlcluster --skip-systemctl-redirect "$major" main reload || true
    else
      pg_ctlcluster --skip-systemctl-redirect "$major" main reload || true
    fi
    wait_pg || die "postgres did not come up on $PG_HOST:$PG_PORT"
  fi

  if [[ "$(pg_psql -d postgres -tAc "SELECT 1 FROM pg_database WHERE datname='$PG_DB'")" != 1 ]]; then
    log "creating database $PG_DB"
    pg_psql -d postgres -qc "CREATE DATABASE \"$PG_DB\""
  fi
}

# ---------------------------------------------------------------------------
# pgvector
# ---------------------------------------------------------------------------
vector_version() {  # default_version of "vector" if the extension files are installed
  pg_psql -d "$PG_DB" -tAc "SELECT default_version FROM pg_available_extensions WHERE name='vector'" 2>/dev/null || true
}

# Runs in a subshell with errexit active; any failure aborts the build only.
build_pgvector() {
  local major=$1
  local pg_config="/usr/lib/postgresql/$major/bin/pg_config"
  local work
  work=$(mktemp -d "$LOG_DIR/pgvector.XXXXXX")   # removed by the EXIT trap
  chmod 755 "$work"   # let apt's _apt sandbox user write into it

  # Build deps from bookworm. Pin the server-dev package to the running server's
  # package version when possible so nothing drags the server along to a new version.
  local need=() dev="postgresql-server-dev-$major" srv_ver
  if ! pkg_installed "$dev"; then
    srv_ver=$(dpkg-query -W -f='${Version}' "postgresql-$major" 2>/dev/null || true)
    if [[ -n "$srv_ver" ]] && apt-cache madison "$dev" 2>/dev/null | awk -F'|' '{gsub(/ /,"",$2); print $2}' | grep -qxF "$srv_ver"; then
      need+=("$dev=$srv_ver")
    else
      need+=("$dev")
    fi
  fi
  pkg_installed build-essential || need+=(build-essential)
  if [[ ${#need[@]} -gt 0 ]]; then
    apt_install "${need[@]}"
  fi
  # Installing packages must not leave the server down.
  if ! pg_up; then
    warn "postgres went down while installing build deps; restarting it"
    pg_ctlcluster --skip-systemctl-redirect "$major" main start || true
    wait_pg || { echo "postgres did not come back" >&2; exit 1; }
  fi
  [[ -x "$pg_config" ]] || { echo "missing $pg_config" >&2; exit 1; }

  # Fetch the source package from trixie with a private apt state (own sources
  # dir, lists and cache): the system's sources and package lists are never touched,
  # so there is nothing to revert and the system stays on bookworm.
  mkdir -p "$work"/{lists/partial,cache/archives/partial,parts,src,build}
  local apt_src=(-o "Dir::State::Lists=$work/lists" -o "Dir::Etc::SourceList=/dev/null"
                 -o "Dir::Etc::SourceParts=$work/parts" -o "Dir::Cache=$work/cache"
                 -o "Dir::Cache::pkgcache=" -o "Dir::Cache::srcpkgcache=")
  cat >"$work/parts/pgvector-src.sources" <<EOF
Types: deb-src
URIs: $DEBIAN_MIRROR
Suites: $PGVECTOR_SUITE
Components: main
Signed-By: /usr/share/keyrings/debian-archive-keyring.gpg
EOF
  log "fetching pgvector source from $PGVECTOR_SUITE"
  if ! apt_quiet "${apt_src[@]}" update; then
    # e.g. an old keyring without the trixie key: fall back to an unauthenticated index.
    warn "signed $PGVECTOR_SUITE index failed; retrying without signature verification"
    sed -i 's/^Signed-By:.*/Trusted: yes/' "$work/parts/pgvector-src.sources"
    apt_quiet "${apt_src[@]}" -o Acquire::AllowInsecureRepositories=true update
  fi
  (cd "$work/src" && apt_quiet "${apt_src[@]}" --allow-unauthenticated source --download-only pgvector)

  local orig
  orig=$(ls "$work"/src/pgvector_*.orig.tar.* 2>/dev/null | head -1)
  [[ -n "$orig" ]] || { echo "no pgvector orig tarball downloaded" >&2; exit 1; }
  log "building $(basename "$orig") for PostgreSQL $major"
  tar -xf "$orig" -C "$work/build" --strip-components=1
  # OPTFLAGS="" = Debian's no-native patch: no -march=native, portable binary.
  make -C "$work/build" -s -j"$(nproc)" PG_CONFIG="$pg_config" OPTFLAGS="" >"$work/make.log" 2>&1 ||
    { cat "$work/make.log" >&2; exit 1; }
  make -C "$work/build" -s PG_CONFIG="$pg_config" OPTFLAGS="" install >>"$work/make.log" 2>&1 ||
    { cat "$work/make.log" >&2; exit 1; }
}

ensure_pgvector() {
  [[ -n "$(vector_version)" ]] && { log "pgvector already available"; return 0; }
  local major
  major=$(pg_psql -d "$PG_DB" -tAc "SELECT current_setting('server_version_num')::int / 10000")
  log "pgvector missing; building it for PostgreSQL $major"
  local rc=0
  set +e
  ( set -e; build_pgvector "$major" )
  rc=$?
  set -e
  if [[ $rc -ne 0 || -z "$(vector_version)" ]]; then
    pg_up || { pg_ctlcluster --skip-systemctl-redirect "$major" main start || true; wait_pg || true; }
    warn "could not build/install pgvector (rc=$rc); continuing without it"
    warn "pgvector: unavailable"
  fi
  return 0
}

# ---------------------------------------------------------------------------
# Redis
# ---------------------------------------------------------------------------
redis_up() {
  command -v redis-cli >/dev/null 2>&1 &&
    [[ "$(timeout 5 redis-cli -h "$REDIS_HOST" -p "$REDIS_PORT" ping 2>/dev/null)" == PONG ]]
}

ensure_redis() {
  if redis_up; then
    log "redis already answering on $REDIS_HOST:$REDIS_PORT"
    return 0
  fi
  log "redis not answering on $REDIS_HOST:$REDIS_PORT; starting it"
  if ! command -v redis-server >/dev/null 2>&1 || ! command -v redis-cli >/dev/null 2>&1; then
    apt_install redis-server redis-tools
  fi
  redis_up && return 0   # the package's postinst may have started it
  mkdir -p /var/lib/redis /var/log/redis
  redis-server --daemonize yes --bind 127.0.0.1 -::1 --port "$REDIS_PORT" --save "" \
    --appendonly no --dir /var/lib/redis --logfile /var/log/redis/ci.log
  local i
  for i in $(seq 1 40); do
    redis_up && return 0
    sleep 0.25
  done
  tail -n 20 /var/log/redis/ci.log >&2 || true
  die "redis did not come up on $REDIS_HOST:$REDIS_PORT"
}

# ---------------------------------------------------------------------------
# Speech: PocketSphinx with its US English model (POST /transcribe), espeak-ng to speak the
# test sentences, ffmpeg to decode FLAC/MP3/OGG. Best effort: without them the tests skip the
# recognition path with a message, and the API answers 503 naming the install command.
ensure_speech_tools() {
  local missing=()
  local pkg
  for pkg in pocketsphinx pocketsphinx-en-us espeak-ng ffmpeg; do
    pkg_installed "$pkg" || missing+=("$pkg")
  done
  [[ ${#missing[@]} -eq 0 ]] && return 0
  apt_install "${missing[@]}" || warn "could not install ${missing[*]}: speech tests will skip"
}

# ---------------------------------------------------------------------------
ensure_postgres
ensure_pgvector
ensure_redis
ensure_speech_tools

pg_ver=$(pg_psql -d "$PG_DB" -tAc "SHOW server_version" | awk '{print $1}')
vec_ver=$(vector_version)
if [[ -n "$vec_ver" ]]; then
  echo "postgres: ok ($pg_ver, vector $vec_ver)"
else
  echo "postgres: ok ($pg_ver, vector unavailable)"
  echo "pgvector: unavailable"
fi
redis_ver=$(timeout 5 redis-cli -h "$REDIS_HOST" -p "$REDIS_PORT" info server 2>/dev/null |
  awk -F: '/^redis_version:/{gsub(/\r/,"",$2); print $2}')
echo "redis: ok${redis_ver:+ ($redis_ver)}"
