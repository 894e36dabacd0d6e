// Near matches between words, for did-you-mean suggestions on the command line.
#pragma once

#include <string>
#include <vector>

namespace vkxpbd {

// Levenshtein distance: the fewest insertions, deletions and substitutions turning a into b.
size_t editDistance(const std::string& a, const std::string& b);

// The candidate nearest to `word` when it is close enough to be a typo (at most 1 edit for words of up
// to 4 characters, 2 up to 8, 3 beyond; the first of equally near ones); empty otherwise.
std::string closestWord(const std::string& word, const std::vector<std::string>& candidates);

}  // namespace vkxpbd
