# bash completion for scanscope: commands, options, and the names of kernels, lessons and
# exercises. Everything is asked of the scanscope being completed (its --help, `list`, `lesson
# list`, `exercise list`), so the completion stays true to the installed program and its data.

# The first word of each line of `scanscope ARGS` that starts a line (the names in its lists).
_scanscope_names() {
  "$_scanscope_prog" "$@" 2>/dev/null | awk '/^[^ \t]/ { print $1 }'
}

# The commands: the Subcommands section of --help.
_scanscope_commands() {
  "$_scanscope_prog" --help 2>/dev/null | awk 'tolower($0) ~ /^subcommands:/ { on = 1; next } on && /^  [a-z]/ { print $1 }'
}

# The options of the command (or of the window when "").
_scanscope_options() {
  "$_scanscope_prog" ${1:+"$1"} --help 2>/dev/null | grep -oE '(^|[ ,])--?[A-Za-z][-A-Za-z0-9]*' | tr -d ' ,' | sort -u
}

_scanscope() {
  local cur prev words cword
  _init_completion || return
  _scanscope_prog=${words[0]}

  local cmd="" i
  local commands
  commands=$(_scanscope_commands)
  for ((i = 1; i < cword; i++)); do
    if [[ " $commands " == *[[:space:]]${words[i]}[[:space:]]* && ${words[i]} != -* ]]; then
      cmd=${words[i]}
      break
    fi
  done

  case $prev in
    --kernel | --compare-kernel)
      COMPREPLY=($(compgen -W "$(_scanscope_names list)" -- "$cur")); return ;;
    --lesson)
      COMPREPLY=($(compgen -W "$(_scanscope_names lesson list)" -- "$cur")); return ;;
    --exercise)
      COMPREPLY=($(compgen -W "$(_scanscope_names exercise list)" -- "$cur")); return ;;
    --pad | --compare-pad) COMPREPLY=($(compgen -W "none harris zero" -- "$cur")); return ;;
    --op) COMPREPLY=($(compgen -W "sum min max or mat2" -- "$cur")); return ;;
    --type) COMPREPLY=($(compgen -W "int float" -- "$cur")); return ;;
    --scan) COMPREPLY=($(compgen -W "inclusive exclusive" -- "$cur")); return ;;
    --banks | --warp-issue) COMPREPLY=($(compgen -W "32 16" -- "$cur")); return ;;
    --device) COMPREPLY=($(compgen -W "auto cpu gpu" -- "$cur")); return ;;
    --timing-view) COMPREPLY=($(compgen -W "time ratio" -- "$cur")); return ;;
    --source) _filedir cu; return ;;
    --open | --bench) _filedir json; return ;;
    --screenshot | --out) _filedir png; return ;;
    --json | --image | --markdown | --ncu-csv | --ptx | --cubin | --bytecode | --edit-script) _filedir; return ;;
    --lesson-walk | --sources | --cubins) _filedir -d; return ;;
  esac

  if [[ $cur == -* ]]; then
    COMPREPLY=($(compgen -W "$(_scanscope_options "$cmd")" -- "$cur"))
    return
  fi
  case $cmd in
    "") COMPREPLY=($(compgen -W "$commands" -- "$cur")) ;;
    lesson | exercise)
      # `lesson show NAME`, `exercise show NAME`: the action, then the name.
      if [[ $prev == "$cmd" ]]; then
        COMPREPLY=($(compgen -W "list show" -- "$cur"))
      elif [[ $prev == show ]]; then
        COMPREPLY=($(compgen -W "$(_scanscope_names "$cmd" list)" -- "$cur"))
      fi ;;
    check) _filedir cu ;;
  esac
}
complete -F _scanscope scanscope
