#!/usr/bin/env python3
"""Extra instructions per request of a traced side against its untraced side
(scripts/ab-stats --trace new --deterministic: 1 ns = 1 instruction), per job:
the median over the pairs of boots and the range over every pair, from
DIR/rounds/*-rK.json (untraced) and *+trace-rK.json (traced).
usage: results/trace-cost/bpf-cost.py DIR..."""
import glob, json, statistics, sys


def load(paths):
    out = {}
    for p in paths:
        for r in json.load(open(p))['results']:
            k = (r['backend'], r['alg'], r['op'], r['size'])
            out.setdefault(k, []).append(r['ns_per_op_median'])
    return out


for d in sys.argv[1:]:
    base = load(sorted(set(glob.glob(d + '/rounds/*-r*.json')) - set(glob.glob(d + '/rounds/*+trace-r*.json'))))
    new = load(glob.glob(d + '/rounds/*+trace-r*.json'))
    print(f'# {d}: job\tdelta (median)\t[min, max] over boot pairs\tboots base/new')
    for k in base:
        deltas = [n - b for b in base[k] for n in new.get(k, [])]
        if deltas:
            print(f'{k[0]} {k[1]} {k[2]} {k[3]} B\t{statistics.median(deltas):+.1f}\t'
                  f'[{min(deltas):+.1f}, {max(deltas):+.1f}]\t{len(base[k])}/{len(new[k])}')
