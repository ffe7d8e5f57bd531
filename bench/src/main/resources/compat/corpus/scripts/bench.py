# Python run by Jython: classes, generators, dicts, string formatting, a Java collection.
from java.util import TreeMap

class Account(object):
    def __init__(self, name, balance):
        self.name = name
        self.balance = balance
    def deposit(self, amount):
        self.balance += amount
        return self.balance

def primes(limit):
    sieve = [True] * limit
    for i in range(2, limit):
        if sieve[i]:
            yield i
            for j in range(i * i, limit, i):
                sieve[j] = False

accounts = [Account("acct%d" % i, i * 10) for i in range(20)]
for a in accounts:
    a.deposit(len(a.name) * 3)
print("total balance %d" % sum(a.balance for a in accounts))
ps = list(primes(5000))
print("primes below 5000: %d, last %d" % (len(ps), ps[-1]))
counts = {}
for word in ("the quick brown fox jumps over the lazy dog the end " * 50).split():
    counts[word] = counts.get(word, 0) + 1
tree = TreeMap()
for k, v in counts.items():
    tree.put(k, v)
print(tree)
