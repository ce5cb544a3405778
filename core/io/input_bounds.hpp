#pragma once
// What an input file may ask of the program before it is refused with a
// message that says what to change: its size, the nesting of its JSON, the
// length of a name. A model file is read whole into memory and parsed into a
// tree several times its size, so a file of gigabytes, or a path that never
// ends (/dev/zero, a FIFO), would exhaust memory or hang instead of failing.

#include <cstddef>
#include <string>

namespace mstmm {

/// Model, study and table files larger than this are refused: a
/// 100,000-body model is about 40 MB of JSON.
inline constexpr std::size_t kMaxInputFileBytes = std::size_t{512} << 20;

/// The deepest JSON nesting accepted. Model files nest 6 deep; the editor's
/// state a few more. The JSON library parses deeper input, but the code that
/// writes a model back walks it recursively.
inline constexpr int kMaxJsonDepth = 64;

/// The longest name of a model, body, hinge or element (characters).
inline constexpr std::size_t kMaxNameLength = 1000;

/// The whole of a regular file no larger than kMaxInputFileBytes; throws
/// mstmm::Error (Input) naming `what` and the path otherwise.
std::string readBoundedFile(const std::string& path, const std::string& what);

/// Throws mstmm::Error (Input) when `text` nests arrays and objects deeper
/// than kMaxJsonDepth (strings are skipped, so brackets in names count not).
void checkJsonNesting(const std::string& text);

}  // namespace mstmm
