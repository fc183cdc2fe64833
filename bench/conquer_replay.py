#!/usr/bin/env python3
"""Replays a conquest tree's recorded cube times on P job slots under the two
policies of scripts/conquer.sh: a level's re-split trees one after another
(--slots 0), or at once on slots the whole tree shares (the default). A
directory's cubes run as one batch, in cube order, each on the first free
slot; its re-split trees are released when the batch has ended and their
split is made (DIR/sub-I/split-cpu). Prints the tree's work, each policy's
wall time and how busy it keeps the P slots, for P = 2 to 32: a model of
the schedule from the times a real run recorded, not a run.

Usage: bench/conquer_replay.py DIR   (a tree conquer.sh has run, e.g.
results/n8/shift-m/conquer/f=6)
"""
import heapq
import os
import re
import sys

STATUS = re.compile(r'c conquer cube \d+ status (\S+).* cpu (\S+)')


def load(d):
    """[(cpu, child)] per cube of d; child = (split cpu, load(sub)) for a re-split cube."""
    with open(os.path.join(d, 'cubes')) as f:
        n = sum(1 for line in f if line.startswith('a '))
    tree = []
    for i in range(1, n + 1):
        cpu, killed = 0.0, False
        answer = os.path.join(d, 'results', 'cube-%d' % i)
        if os.path.exists(answer):
            with open(answer) as f:
                for line in f:
                    m = STATUS.match(line)
                    if m:
                        cpu, killed = float(m.group(2)), m.group(1) == 'UNKNOWN'
        sub = os.path.join(d, 'sub-%d' % i)
        child = None
        if killed and os.path.exists(os.path.join(sub, 'cubes')):
            split = os.path.join(sub, 'split-cpu')
            child = (float(open(split).read() or 0) if os.path.exists(split) else 0.0, load(sub))
        tree.append((cpu, child))
    return tree


def work(tree):
    return sum(cpu + (child[0] + work(child[1]) if child else 0) for cpu, child in tree)


def batch(release, tree, free):
    """Puts the batch's cubes on the earliest free slots (a heap) from release on; its end."""
    end = release
    for cpu, _ in tree:
        start = max(heapq.heappop(free), release)
        heapq.heappush(free, start + cpu)
        end = max(end, start + cpu)
    return end


def one_by_one(tree, p, release=0.0):
    end = batch(release, tree, [release] * p)
    for _, child in tree:
        if child:
            end = one_by_one(child[1], p, end + child[0])
    return end


def at_once(tree, p):
    free, released, order, end = [0.0] * p, [(0.0, 0, tree)], 1, 0.0
    while released:
        release, _, d = heapq.heappop(released)
        finish = batch(release, d, free)
        end = max(end, finish)
        for _, child in d:
            if child:
                heapq.heappush(released, (finish + child[0], order, child[1]))
                order += 1
    return end


def main():
    if len(sys.argv) != 2 or not os.path.isfile(os.path.join(sys.argv[1], 'cubes')):
        print(__doc__.strip().split('\n\n')[-1], file=sys.stderr)
        sys.exit(2)
    tree = load(sys.argv[1])
    total = work(tree)
    print('%s: %.0f CPU s of cubes and splits' % (sys.argv[1], total))
    print('%6s %14s %8s %14s %8s %7s' % ('slots', 'one by one, s', 'busy', 'at once, s', 'busy', 'ratio'))
    for p in (2, 4, 8, 16, 32):
        a, b = one_by_one(tree, p), at_once(tree, p)
        print('%6d %14.0f %7.0f%% %14.0f %7.0f%% %6.2fx' % (p, a, 100 * total / (p * a), b, 100 * total / (p * b), a / b))


main()
