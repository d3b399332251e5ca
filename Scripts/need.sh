# Sourced by the scripts CI runs: `need TOOL PACKAGE [MAC]` makes sure the command TOOL is there.
# As root with apt-get (CI, a Debian container) it installs Debian's PACKAGE when TOOL is missing;
# anywhere else it says what to install (PACKAGE on Debian, MAC on a Mac, when the tool has one)
# and stops the script, so a check never passes by being skipped. CONTRIBUTING.md lists which
# script needs what.
need() {
  local tool=$1 package=$2 mac=${3:-}
  command -v "$tool" > /dev/null && return 0
  if [ "$(id -u)" -eq 0 ] && command -v apt-get > /dev/null; then
    echo "installing Debian's $package (for $tool)" >&2
    apt-get update -qq > /dev/null
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "$package" > /dev/null
    command -v "$tool" > /dev/null && return 0
  fi
  local script
  script=$(basename "$0")
  if [ -n "$mac" ]; then
    echo "$script needs $tool: install it (Debian: apt-get install $package; a Mac: $mac)" >&2
  else
    echo "$script needs $tool: install it (Debian: apt-get install $package; it has no Mac build, so this check runs on Linux)" >&2
  fi
  exit 1
}

# `need_linux WHY`: stops the script, saying WHY, anywhere but Linux.
need_linux() {
  [ "$(uname -s)" = Linux ] && return 0
  echo "$(basename "$0") runs on Linux only: $1" >&2
  exit 1
}
