# shellcheck shell=bash
# Sourced, with its arguments, by a script whose usage is its leading
# comment block (the '#' lines after the shebang, '# ' stripped):
#   --help or -h among the arguments (before any "--") prints that block
#   on standard output and exits 0, as GNU programs do;
#   usage prints it on standard error and exits 2, for a usage error.
usage_text() { sed -n '2,${/^#/!q;s/^# \{0,1\}//;p;}' "$0"; }
usage() { usage_text >&2; exit 2; }
for usage_arg in "$@"; do
  case $usage_arg in --) break ;; --help | -h) usage_text; exit 0 ;; esac
done
unset usage_arg
