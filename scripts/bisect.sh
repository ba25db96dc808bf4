# The bisection's judgements, one place for scripts/ab-series (kernels booted
# in VMs) and scripts/ab-hardware (a real host rebooted through GRUB): which
# jobs the first kernel against the last moved, and whether a kernel between
# them is good or bad. Both read `algbench compare --json` files; both set
# the bisect_* variables of the sourcing script. Needs jq.
# shellcheck shell=bash
# shellcheck disable=SC2034 # the variables are for the sourcing script

# bisect_searched COMPARE-JSON (the first against the last): the jobs the
# bisection looks for, those the last made slower, or faster when none is
# slower: sets bisect_direction and bisect_keys (one job key a line; empty
# when no job moved beyond the threshold: nothing to bisect).
bisect_searched() {
	bisect_direction=slower
	bisect_keys=$(jq -r '.pairs[] | select(.verdict == "slower") | .key' "$1") || return 2
	if [ -z "$bisect_keys" ]; then
		bisect_direction=faster
		bisect_keys=$(jq -r '.pairs[] | select(.verdict == "faster") | .key' "$1") || return 2
	fi
}

# bisect_judge COMPARE-JSON (the first against a kernel between): bad when a
# searched job moved the same way, good when every searched job is the same,
# else undecided (more rounds would say, or a searched job did not run on
# that kernel: compare has it one-sided, not as a pair). Sets
# bisect_decision, the counts of searched jobs bisect_bad, bisect_good and
# bisect_neither (the rest, those missing included), and bisect_missing.
bisect_judge() {
	local row
	row=$(jq -r --arg keys "$bisect_keys" --arg d "$bisect_direction" '($keys | split("\n")) as $k
		| [.pairs[] | select(.key as $x | $k | index([$x]))] as $p
		| ($p | map(select(.verdict == $d)) | length) as $bad | ($p | map(select(.verdict == "same")) | length) as $good
		| [$bad, $good, ($k | length) - $bad - $good, ($k | length) - ($p | length)] | @tsv' "$1") || return 2
	read -r bisect_bad bisect_good bisect_neither bisect_missing <<<"$row"
	if [ "$bisect_bad" -gt 0 ]; then bisect_decision=bad
	elif [ "$bisect_neither" = 0 ] && [ "$bisect_good" -gt 0 ]; then bisect_decision=good
	else bisect_decision=undecided; fi
}

# bisect_undecided_why KERNEL ROUNDS COMPARE-MD: why a kernel between was not
# judged (after bisect_judge), for the stop message
bisect_undecided_why() {
	if [ "$bisect_missing" -gt 0 ]; then
		echo "$1: $bisect_missing of the searched jobs did not run on it (no algbench.ko for it? see $3); more rounds cannot decide"
	else
		echo "$1 is neither good nor bad at $2 rounds (see $3); more rounds would decide"
	fi
}

# bisect_inconclusive COMPARE-JSON: how many pairs of the first against the
# last are undecided (when none moved: "nothing to bisect" only if none is)
bisect_inconclusive() {
	jq '[.pairs[] | select(.verdict == "inconclusive")] | length' "$1"
}

# bisect_algs: the searched jobs' algorithms, comma-separated (what
# --headline takes)
bisect_algs() {
	awk '{ print $3 }' <<<"$bisect_keys" | sort -u | paste -sd,
}

# bisect_error_said MODE DECISIONS: what the answer's error is, for a report
bisect_error_said() {
	if [ "${1%%-*}" = deterministic ]; then
		echo "$2 decisions by compare's rule. Deterministic: each is a range over boots beyond the threshold or not, with no chance term."
	else
		echo "$2 decisions by compare's rule. Each errs with probability at most compare's 0.05, so the whole at most $2 x 0.05 = $(awk -v d="$2" 'BEGIN { printf "%.2f", d * 0.05 }') (a union bound)."
	fi
}

# bisect.tsv: a header naming the direction, then a row per kernel between
# (after bisect_judge)
bisect_tsv_start() { # FILE
	printf 'position\tkernel\tjobs_%s\tjobs_same\tjobs_other\tdecision\trounds\n' "$bisect_direction" >"$1"
}
bisect_tsv_add() { # FILE POSITION KERNEL ROUNDS-A-SIDE
	# a decision made again (a boot lost before the state said it was made)
	# replaces its row
	awk -F'\t' -v p="$2" 'NR == 1 || $1 != p' "$1" >"$1.tmp" && mv "$1.tmp" "$1"
	printf '%s\t%s\t%s\t%s\t%s\t%s\t%s\n' "$2" "$3" "$bisect_bad" "$bisect_good" "$bisect_neither" \
		"$bisect_decision" "$4" >>"$1"
}

# The report's parts: the first A/B, the decisions (from bisect.tsv) and the
# answer's heading; then the answer.
bisect_sections_md() { # FIRST-AGAINST-LAST-COMPARE-MD BISECT-TSV
	echo "## The first against the last"
	echo
	cat "$1" 2>/dev/null || echo "(no $(basename "$1"))"
	echo
	echo "## The kernels between"
	echo
	echo "| # | kernel | searched jobs $bisect_direction | same | neither | decision | rounds a side |"
	echo "|---|---|---|---|---|---|---|"
	awk -F'\t' 'NR > 1 { printf "| %s | %s | %s | %s | %s | %s | %s |\n", $1, $2, $3, $4, $5, $6, $7 }' "$2" 2>/dev/null
	echo
	echo "## Result"
	echo
}
bisect_result_md() { # FIRST-BAD ITS-VERSION LAST-GOOD ITS-VERSION MODE DECISIONS
	echo "First bad kernel: **$1** ($2); the last good: $3 ($4)."
	bisect_error_said "$5" "$6"
	echo
}

# bisect_halvings N: how many kernels between the ends of N a bisection
# tests at most, one per halving of the N - 1 steps (ceil(log2(N - 1)))
bisect_halvings() {
	local m=$(($1 - 1)) h=0
	while [ "$m" -gt 1 ]; do m=$(((m + 1) / 2)) h=$((h + 1)); done
	echo "$h"
}

# bisect_paths COMPARE-JSON (the first against the last): "BACKEND MODE ALG"
# of each searched job, once: the paths whose changelog entries are listed
bisect_paths() {
	jq -r --arg d "$bisect_direction" '.pairs[] | select(.verdict == $d) | .job | "\(.backend) \(.mode) \(.alg)"' "$1" | sort -u
}
# bisect_attribution_md ALGBENCH CHANGELOG OLD OLD-VERSION NEW NEW-VERSION, with
# "BACKEND MODE ALG" lines on stdin (bisect_paths): for each, the entries of
# NEW's Debian changelog after OLD-VERSION on that job's path (markdown). A
# version "" or "-" is no Debian kernel package: CHANGELOG is not read then.
bisect_attribution_md() {
	local bin=$1 cl=$2 old=$3 oldver=$4 new=$5 newver=$6 backend mode alg
	while read -r backend mode alg; do
		echo "Changelog entries on the path of $backend $mode $alg:"
		echo
		if [ "${oldver:--}" = - ] || [ "${newver:--}" = - ]; then
			echo "Not two Debian kernel packages: no changelog to read."
		elif ! dpkg --compare-versions "$oldver" lt "$newver"; then
			echo "$new ($newver) is not newer than $old ($oldver): no changelog range."
		else
			# its refusal says why (another series, no file, not a changelog)
			"$bin" attribute --markdown --from "$oldver" --to "$newver" --backend "$backend" \
				--mode "$mode" --alg "$alg" "$cl" 2>&1 || true
		fi
		echo
	done
}
