#!/usr/bin/env bash
# server/ is the wire only: it must not know any data model. Fails, listing
# the lines, when a source, header, console asset or comment under the
# folder given ($1, the server/ folder) names the inbox model's table, keys,
# index, entities or sample users. Case-sensitive for the key prefixes
# (NOTIF would otherwise match notify_all), case-insensitive for the words.
set -u
dir="$1"
[ -d "$dir" ] || { echo "no such folder: $dir" >&2; exit 2; }
found=0
grep -rnE 'USER#|NOTIF|GSI1|UNREAD|FOLLOWER#|POST#|#INBOX|u_alice|u_bob' "$dir" && found=1
grep -rniE 'inbox|notification|follower|unreadCount|badge' "$dir" && found=1
if [ "$found" -ne 0 ]; then
  echo "server/ names the inbox model (above); that knowledge belongs in model/, reaching the console as data" >&2
  exit 1
fi
echo "server/ names no model"
