# Sourced by every script here before it does anything: `-h` or `--help`
# as the first argument prints the script's header comment (its usage)
# and exits 0; usage_error prints a bad argument's message and exits 2;
# no_args "$@" refuses any argument of a script that takes none.
case ${1:-} in
  -h | --help)
    sed -n '2,/^[^#]/s/^# \{0,1\}//p' "$0"
    exit 0
    ;;
esac
usage_error() {
  echo "${0##*/}: $* (see ${0##*/} --help)" >&2
  exit 2
}
no_args() {
  [ $# -eq 0 ] || usage_error "takes no arguments (got '$1')"
}
