#!/usr/bin/env bash
# The bash completion (packaging/scanscope.bash) as a shell user meets it: commands, options,
# kernel ids, lesson and exercise names, option values, each asked of the scanscope under test.
# Usage: completion.sh SCANSCOPE COMPLETION_SCRIPT (needs the bash-completion package)
set -u
bin="$1"
if [ ! -f /usr/share/bash-completion/bash_completion ]; then
  echo "FAIL: the bash-completion package is missing (scripts/deps.sh installs it)"; exit 1
fi
# shellcheck disable=SC1091
source /usr/share/bash-completion/bash_completion
# shellcheck disable=SC1090
source "$2"
fail=0

# complete WORDS...: the completions of the last word, a line each, as bash would offer them.
complete_words() {
  COMP_WORDS=("$bin" "$@")
  COMP_CWORD=$#
  COMP_LINE="${COMP_WORDS[*]}"
  COMP_POINT=${#COMP_LINE}
  COMPREPLY=()
  _scanscope
  printf '%s\n' "${COMPREPLY[@]}"
}
# offers "WORDS..." EXPECTED: the completions include EXPECTED.
offers() {
  local want="${!#}"
  local got
  got=$(complete_words "${@:1:$#-1}")
  if printf '%s\n' "$got" | grep -qxF -- "$want"; then
    echo "ok:   '${*:1:$#-1}' offers $want"
  else
    echo "FAIL: '${*:1:$#-1}' does not offer $want; offered: $(echo $got)"; fail=1
  fi
}
# only "WORDS..." : every completion starts with the last word.
only() {
  local got bad
  got=$(complete_words "$@")
  bad=$(printf '%s\n' "$got" | grep -v -- "^${!#}" | grep -v '^$')
  [ -z "$bad" ] || { echo "FAIL: '$*' offers words not starting with '${!#}': $bad"; fail=1; }
}

offers "" trace
offers "" exercise
offers l lesson
offers l list
offers tr trace
offers trace --ke --kernel
offers trace --kernel scan-bl scan-blelloch
offers --kernel reduce-seq reduce-sequential
offers trace --pad h harris
offers trace --device "" gpu
offers --lesson pad padding
offers check mine.cu --exercise pad pad-blelloch
offers lesson "" show
offers lesson show bank bank-conflicts
offers exercise show first first-add
offers check --ex --exercise
offers --pre --presenter
only trace --kernel scan-b
only "" l
[ $fail -eq 0 ] && echo "completion: all passed"
exit $fail
