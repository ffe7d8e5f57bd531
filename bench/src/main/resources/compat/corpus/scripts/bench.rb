# Ruby on JRuby: classes, blocks, hashes, string formatting.
class Account
  attr_reader :name, :balance
  def initialize(name, balance) ; @name, @balance = name, balance ; end
  def deposit(amount) ; @balance += amount ; end
end
accounts = (0...20).map { |i| Account.new("acct#{i}", i * 10) }
accounts.each { |a| a.deposit(a.name.length * 3) }
puts "total balance #{accounts.sum(&:balance)}"
words = ("the quick brown fox jumps over the lazy dog the end " * 50).split
counts = words.each_with_object(Hash.new(0)) { |w, h| h[w] += 1 }
puts counts.sort.map { |k, v| "#{k}=#{v}" }.join(", ")
primes = (2..5000).select { |n| (2..Math.sqrt(n)).none? { |d| (n % d).zero? } }
puts "primes below 5000: #{primes.size}, last #{primes.last}"
