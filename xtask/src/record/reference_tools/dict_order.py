# Records the iteration order of Python 2.7 dicts with integer keys (the order m2scorer iterates
# a sentence's annotators in) for random key sets: one line per set, "keys<TAB>order", both
# comma-separated. Written for gecbias; run with Python 2.7 by `cargo xtask record`.
import random

random.seed(20181125)
ranges = [(0, 10), (0, 40), (0, 1000), (-5, 5), (0, 2 ** 40)]
for case in range(1500):
    low, high = ranges[case % len(ranges)]
    size = random.randint(1, 40)
    keys = []
    while len(keys) < size and len(keys) < high - low + 1:
        k = random.randint(low, high)
        if k not in keys:
            keys.append(k)
    d = {}
    for k in keys:
        if k not in d.keys():
            d[k] = []
    print("%s\t%s" % (",".join(map(str, keys)), ",".join(map(str, d.keys()))))
