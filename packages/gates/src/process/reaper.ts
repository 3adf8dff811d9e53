// The reaper: a tiny guard started once per verify-gates run, in its own process group.
// verify-gates tells it on stdin which process groups it started ("+pid") and which ended
// ("-pid"). When verify-gates dies in any way, SIGKILL included, its end of the pipe closes:
// the reaper then takes every group still listed down (SIGTERM, then SIGKILL after a grace).
// A group is listed only once spawn() has returned in verify-gates, and a child can run (and
// verify-gates be killed) before that: so every child also carries a token in its environment
// ($1 names it), and the reaper takes down the group of every process that carries it.
//
// A POSIX shell script, run as `/bin/sh -c REAPER_SCRIPT verify-gates-reaper MARK`: every run
// starts one, and a shell starts for a thousandth of the CPU a second Node process took.

/** The reaper's script; `$1` is the mark (`VERIFY_GATES_RUN=<value>`). */
export const REAPER_SCRIPT = `
# The system's grep and sleep before any other (verify-gates may run with the working tree's
# node_modules/.bin on PATH: a sleep there that never returns would keep the SIGKILL from coming).
PATH=/usr/bin:/bin\${PATH:+:$PATH}
export PATH
mark=$1
grace=\${VERIFY_GATES_REAPER_GRACE_MS:-}
case $grace in ''|*[!0-9]*) grace=2000 ;; esac
# Leading zeros off: shell arithmetic reads 010 as octal.
grace=\${grace#"\${grace%%[!0]*}"}
[ "\${grace:-0}" -gt 0 ] 2>/dev/null || grace=2000
[ "$grace" -gt 60000 ] && grace=60000
groups=' '
reaping=
set -f

# The process groups of every process whose environment carries the mark (ours excepted).
marked() {
  [ -n "$mark" ] || return 0
  set +f
  files=$(grep -l -x -z -F -e "$mark" /proc/[0-9]*/environ 2>/dev/null)
  set -f
  for file in $files; do
    pid=\${file#/proc/}
    pid=\${pid%/environ}
    [ "$pid" = "$$" ] && continue
    { read -r stat <"/proc/$pid/stat"; } 2>/dev/null || continue
    # Fields after the command's closing parenthesis: state, ppid, pgrp.
    set -- \${stat##*) }
    case $3 in ''|*[!0-9]*) continue ;; esac
    [ "$3" -gt 1 ] && [ "$3" != "$$" ] && echo "$3"
  done
}

signal_all() {
  all=$groups
  for pid in $(marked); do case $all in *" $pid "*) ;; *) all="$all$pid " ;; esac; done
  for pid in $all; do kill -s "$1" -- "-$pid" 2>/dev/null; done
}

reap() {
  [ -n "$reaping" ] && return
  reaping=1
  if [ "$groups" = ' ' ] && [ -z "$(marked)" ]; then exit 0; fi
  signal_all TERM
  sleep "$((grace / 1000)).$(printf '%03d' $((grace % 1000)))"
  signal_all KILL
  exit 0
}

# Signals meant for verify-gates' group do not reach us (we are detached); one sent to us
# directly means the same as the pipe closing.
trap reap TERM INT HUP
while IFS= read -r line; do
  pid=\${line#?}
  case $pid in ''|*[!0-9]*) continue ;; esac
  [ "$pid" -gt 1 ] || continue
  case $line in
    +*) case $groups in *" $pid "*) ;; *) groups="$groups$pid " ;; esac ;;
    -*) case $groups in *" $pid "*) groups="\${groups%% $pid *} \${groups#* $pid }" ;; esac ;;
  esac
done
reap
`;
