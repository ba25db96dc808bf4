#!/usr/bin/env bash
# The committed results name no machine's folders (docs/result-json.md,
# "Paths"): no text file under results/ holds an absolute path under a root
# where checkouts, homes and scratch folders live. How false positives stay
# out, by design rather than by a list of exceptions:
# - only those roots are looked for (/work /home /root /tmp /var/tmp /mnt
#   /media /srv); the kernel's and the distribution's paths (/proc/crypto,
#   /sys/kernel/..., /boot/config-REL, /usr/lib/...) are the same on every
#   machine and have other roots, so they cannot match; nor can /opt, where
#   every guest mounts the checkout (/opt/algbench, docs/scaling.md);
# - a path is a path only where it starts a word and names something under
#   its root: results/x/tmp/y, a URL's https://host/home/... or the word
#   /tmp in prose is not one;
# - what follows `scripts/vm/run ... --` runs in the guest, whose folders
#   (/results, /root, a /tmp file) are the VM's own: that part of such a line
#   is not read.
. "$(dirname "$0")/../lib.sh"
tap_begin
[ -d "$ALGBENCH_TOP/results" ] || skip_all "no results/ in this tree"

# scan DIR: every FILE:LINE: PATH naming a machine's folder under DIR
scan() {
	find "$1" -type f -print0 | xargs -0 grep -IlE '/(work|home|root|tmp|var/tmp|mnt|media|srv)' -- |
		while IFS= read -r f; do
			awk -v f="$f" '
			{
				line = $0
				# the guest side of a VM command
				if (line ~ /^(## [^ ]+ )?scripts\/vm\/run / && (i = index(line, " -- ")))
					line = substr(line, 1, i)
				if (match(line, /(^|[^A-Za-z0-9_.~+\/-])\/(work|home|root|tmp|var\/tmp|mnt|media|srv)\/[^ "\x27`)]+/))
					printf "%s:%d: %s\n", f, FNR, substr(line, RSTART, RLENGTH < 80 ? RLENGTH : 80)
			}' "$f"
		done
}

# The scanner itself, on lines whose answer is known.
scratch_dir
mkdir t
cat >t/commands.txt <<'EOT'
scripts/ab-stats --smp 1 --out /work/main/results/x -- --alg sha256
scripts/vm/run --kernel stats-off --share /tmp/tmp.Ab3/rounds -- algbench run --out /results/r.json
## 2026-12-04T10:50:52Z: scripts/vm/run --kernel k -- sh -c 'algbench run --json /tmp/x.json; cd /root'
"config_source": "/boot/config-6.1.0", "origin": "/sys/kernel/debug/energy_model/x", /proc/crypto /usr/lib/x
see results/trace-cost/tmp/x and https://example.org/home/x, made under /tmp or /home
"file": "/home/u/algbench/results/y/base.json"
EOT
got=$(scan t | cut -d: -f2 | paste -sd' ')
check "the scanner finds the checkout, scratch and home paths (lines 1, 2, 6), not the guest's, system or relative ones (got: $got)" \
	[ "$got" = "1 2 6" ]

hits=$(scan "$ALGBENCH_TOP/results" | sed "s#^$ALGBENCH_TOP/##")
if [ -z "$hits" ]; then ok "no file under results/ names a machine's folder"; else
	not_ok "no file under results/ names a machine's folder"
	sed 's/^/#   /' <<<"$hits"
fi
tap_end
