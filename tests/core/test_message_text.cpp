// What messages quote of the user's input (core/message_text.hpp): at
// most 80 characters with the size said, control characters escaped, and
// the nearest known word for a typo. Expected texts written out by hand.

#include <gtest/gtest.h>

#include "core/analysis/linear_sweep.hpp"
#include "core/generate/loaded_examples.hpp"
#include "core/message_text.hpp"
#include "core/model/model.hpp"

namespace mstmm {
namespace {

TEST(MessageText, QuotedInputIsBoundedAndEscaped) {
  EXPECT_EQ(quoted("crank"), "'crank'");
  EXPECT_EQ(quoted("cra\nnk\r\t\x1b[31m\x01"), "'cra\\nnk\\r\\t\\e[31m\\x01'");
  EXPECT_EQ(quoted(std::string("a\0b", 3)), "'a\\x00b'");
  const std::string long_(1000, 'x');
  EXPECT_EQ(quoted(long_), "'" + std::string(80, 'x') + "...' (1000 characters)");
  EXPECT_EQ(quoted(std::string(80, 'y')), "'" + std::string(80, 'y') + "'");
}

TEST(MessageText, TheNearestKnownWordIsATypoAway) {
  const std::vector<std::string> keys = {"format", "model", "parameters", "sampling", "record", "save_results"};
  EXPECT_EQ(nearestKnown("samplng", keys), "sampling");
  EXPECT_EQ(nearestKnown("modle", keys), "model");
  EXPECT_EQ(nearestKnown("recrd", keys), "record");
  EXPECT_EQ(nearestKnown("colour", keys), "");  // nothing near: no guess
  EXPECT_EQ(unknownKeyMessage("colour", {"a", "b"}), "unknown key 'colour' (known: a, b)");
  EXPECT_EQ(unknownKeyMessage("sav_results", keys), "unknown key 'sav_results' (did you mean 'save_results'?)");
}

// The analyses and the solvers quote the names they give as the loads do:
// a strut named with a line break, in the O(N) sweep's refusal.
TEST(MessageText, AnalysisAndSolverMessagesQuoteNames) {
  ModelSpec car = generateQuarterCar();
  ASSERT_FALSE(car.springs.empty());
  car.springs.front().name = "tyre\nleft";
  const std::string why = linearSweepRefusal(*compile(car));
  EXPECT_NE(why.find("strut 'tyre\\nleft' joins two points"), std::string::npos) << why;
}

}  // namespace
}  // namespace mstmm

// "every 1th step" was a studio message (issue 30).
TEST(MessageText, OrdinalsReadAsWords) {
  const std::vector<std::pair<long long, std::string>> cases = {{1, "1st"},     {2, "2nd"},   {3, "3rd"},     {4, "4th"},     {11, "11th"},
                                                                {12, "12th"},   {13, "13th"}, {21, "21st"},   {22, "22nd"},   {101, "101st"},
                                                                {111, "111th"}, {0, "0th"},   {1024, "1024th"}};
  for (const auto& [n, text] : cases) EXPECT_EQ(mstmm::ordinal(n), text) << n;
}
