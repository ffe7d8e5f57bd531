// JavaScript (Rhino, Nashorn): objects, closures, arrays, JSON, a Java collection.
function Account(name, balance) { this.name = name; this.balance = balance; }
Account.prototype.deposit = function (amount) { this.balance += amount; return this.balance; };
var accounts = [];
for (var i = 0; i < 20; i++) { accounts.push(new Account("acct" + i, i * 10)); }
accounts.forEach(function (a) { a.deposit(a.name.length * 3); });
print("total balance " + accounts.reduce(function (s, a) { return s + a.balance; }, 0));
var primes = [];
for (var n = 2; n < 5000; n++) { var p = true; for (var d = 2; d * d <= n; d++) { if (n % d == 0) { p = false; break; } } if (p) primes.push(n); }
print("primes below 5000: " + primes.length + ", last " + primes[primes.length - 1]);
var counts = {};
var words = "the quick brown fox jumps over the lazy dog the end".split(" ");
for (var k = 0; k < 50; k++) { words.forEach(function (w) { counts[w] = (counts[w] || 0) + 1; }); }
print(JSON.stringify(counts));
var tree = new java.util.TreeMap();
for (var w in counts) { tree.put(w, counts[w]); }
print(tree);
