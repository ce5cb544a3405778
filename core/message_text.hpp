#pragma once
// What a message quotes of the user's input (docs/reliability.md R4): never
// more than 80 characters of it (with its size said), control characters
// escaped so that a name cannot cut or rewrite the line it stands in, and
// for an unknown word the known one nearest to it; numbers as messages
// write them.

#include <string>
#include <vector>

namespace mstmm {

/// 'text' with control characters as \n, \r, \t, \e or \xNN, at most 80
/// characters of it and then "... (N characters)".
std::string quoted(const std::string& text);

/// The word of `known` nearest to `word` by edit distance, when it is near
/// enough to be a typo (at most a third of the word's letters, at least 1,
/// at most 3), else empty.
std::string nearestKnown(const std::string& word, const std::vector<std::string>& known);

/// "unknown key 'samplng' (did you mean 'sampling'?)", or with the list of
/// the known keys when none is near.
std::string unknownKeyMessage(const std::string& key, const std::vector<std::string>& known);

/// A number as messages write it: six significant digits ("%.6g"), so that
/// "0.04 m/s" reads as the user typed it.
std::string formatNumber(double value);

/// "1st", "2nd", "3rd", "4th", "11th", "12th", "13th", "21st", ...: for
/// "every 1st step" where a message counts.
std::string ordinal(long long n);

}  // namespace mstmm
