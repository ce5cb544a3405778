#pragma once
// One small reader of a JSON object (core/io): typed access by key, with
// messages that say where in the file (an element by its name), unknown keys
// refused; and the few list readers every element kind shares.

#include <Eigen/Core>
#include <cmath>
#include <initializer_list>
#include <nlohmann/json.hpp>
#include <string>
#include <utility>
#include <vector>

#include "core/error.hpp"
#include "core/io/input_bounds.hpp"
#include "core/math/rotation.hpp"
#include "core/message_text.hpp"
#include "core/model/validation.hpp"

namespace mstmm::model_file {

using Json = nlohmann::ordered_json;

[[noreturn]] inline void fail(const std::string& where, const std::string& what) {
  throw Error(ErrorKind::Input, where + ": " + what);
}

/// An element's "name" for messages, cut short: a name too long to accept
/// must still make a readable message.
inline std::string shortName(const Json& j) {
  if (!j.is_object() || !j.contains("name") || !j["name"].is_string()) return {};
  const auto& name = j["name"].get_ref<const std::string&>();
  return name.size() <= 60 ? name : name.substr(0, 57) + "...";
}

/// Typed access to one JSON object with messages that say where it is.
class ObjectReader {
 public:
  ObjectReader(const Json& j, std::string where) : m_j(j), m_where(std::move(where)) {
    if (!j.is_object()) fail(m_where, "expected an object");
  }

  const std::string& where() const { return m_where; }
  bool has(const char* key) const { return m_j.contains(key); }
  const Json& at(const char* key) const {
    if (!m_j.contains(key)) fail(m_where, std::string("missing '") + key + "'");
    return m_j.at(key);
  }

  double number(const char* key) const { return toNumber(at(key), key); }
  double number(const char* key, double fallback) const { return has(key) ? number(key) : fallback; }
  int integer(const char* key, int fallback) const {
    if (!has(key)) return fallback;
    const Json& v = at(key);
    if (!v.is_number_integer()) fail(m_where, std::string("'") + key + "' must be an integer");
    const auto value = v.get<long long>();
    if (value < -1000000000LL || value > 1000000000LL) fail(m_where, std::string("'") + key + "' is out of range");
    return static_cast<int>(value);
  }
  bool boolean(const char* key, bool fallback) const {
    if (!has(key)) return fallback;
    const Json& v = at(key);
    if (!v.is_boolean()) fail(m_where, std::string("'") + key + "' must be true or false");
    return v.get<bool>();
  }
  std::string string(const char* key) const {
    const Json& v = at(key);
    if (!v.is_string()) fail(m_where, std::string("'") + key + "' must be a string");
    const auto& text = v.get_ref<const std::string&>();
    if (text.size() > kMaxNameLength)
      fail(m_where, std::string("'") + key + "' is " + std::to_string(text.size()) + " characters long, more than the " + std::to_string(kMaxNameLength) + " allowed");
    return text;
  }
  std::string string(const char* key, const std::string& fallback) const { return has(key) ? string(key) : fallback; }
  Vec3 vec3(const char* key) const { return toVec3(at(key), key); }
  Vec3 vec3(const char* key, const Vec3& fallback) const { return has(key) ? vec3(key) : fallback; }

  Vec3 toVec3(const Json& v, const std::string& key) const {
    if (!v.is_array() || v.size() != 3) fail(m_where, "'" + key + "' must be an array of 3 numbers");
    return Vec3(toNumber(v[0], key), toNumber(v[1], key), toNumber(v[2], key));
  }

  double toNumber(const Json& v, const std::string& key) const {
    if (!v.is_number()) fail(m_where, "'" + key + "' must be a number");
    const double d = v.get<double>();
    if (!std::isfinite(d)) fail(m_where, "'" + key + "' is not a finite number");
    return d;
  }

  /// Refuses keys the format does not know (catches typos such as "lenght").
  void allowOnly(std::initializer_list<const char*> keys) const {
    for (auto it = m_j.begin(); it != m_j.end(); ++it) {
      bool known = false;
      for (const char* k : keys) known = known || it.key() == k;
      if (!known) fail(m_where, unknownKeyMessage(it.key(), std::vector<std::string>(keys.begin(), keys.end())));
    }
  }

 private:
  const Json& m_j;
  std::string m_where;
};

template <class Enum>
inline Enum parseEnum(const ObjectReader& r, const char* key, std::initializer_list<std::pair<const char*, Enum>> names, Enum fallback) {
  if (!r.has(key)) return fallback;
  const std::string value = r.string(key);
  std::string list;
  for (const auto& [name, e] : names) {
    if (value == name) return e;
    list += list.empty() ? std::string("'") + name + "'" : std::string(", '") + name + "'";
  }
  fail(r.where(), "unknown " + std::string(key) + " '" + value + "' (expected one of " + list + ")");
}

/// A list of numbers, or of fixed-size vectors (a beam's deformation, one
/// entry per segment).
template <int Size>
inline void readList(const ObjectReader& r, const char* key, std::vector<Eigen::Matrix<double, Size, 1>>& out) {
  if (!r.has(key)) return;
  const Json& list = r.at(key);
  if (!list.is_array()) fail(r.where(), std::string("'") + key + "' must be an array, one entry per segment");
  if (list.size() > kMaxBodies) fail(r.where(), std::string("'") + key + "' has more entries than a model may have bodies");
  for (const Json& v : list) {
    if (!v.is_array() || v.size() != Size) fail(r.where(), std::string("'") + key + "' must hold arrays of " + std::to_string(Size) + " numbers");
    Eigen::Matrix<double, Size, 1> e;
    for (int i = 0; i < Size; ++i) e[i] = r.toNumber(v[static_cast<std::size_t>(i)], key);
    out.push_back(e);
  }
}

inline void readList(const ObjectReader& r, const char* key, std::vector<double>& out) {
  if (!r.has(key)) return;
  const Json& list = r.at(key);
  if (!list.is_array()) fail(r.where(), std::string("'") + key + "' must be an array of numbers, one per segment");
  if (list.size() > kMaxBodies) fail(r.where(), std::string("'") + key + "' has more entries than a model may have bodies");
  for (const Json& v : list) out.push_back(r.toNumber(v, key));
}

/// A quaternion [w, x, y, z], made unit (a visual's orientation).
inline Quat readQuaternion(const ObjectReader& r, const char* key) {
  const Json& q = r.at(key);
  if (!q.is_array() || q.size() != 4) fail(r.where(), std::string("'") + key + "' must be a quaternion [w, x, y, z]");
  Quat out;
  for (std::size_t i = 0; i < 4; ++i) out[static_cast<Eigen::Index>(i)] = r.toNumber(q[i], key);
  if (!(out.norm() > 1e-12)) fail(r.where(), std::string("'") + key + "' is not a rotation (its norm is zero)");
  return out / out.norm();
}

/// The named elements of list `key` (each read by `read` from its own
/// reader, named "<label> 'name'" in messages, or "<key>[i]" without a name).
template <class T, class Read>
inline std::vector<T> readNamedList(const ObjectReader& top, const char* key, const char* label, Read read) {
  std::vector<T> out;
  if (!top.has(key)) return out;
  const Json& list = top.at(key);
  if (!list.is_array()) fail("model", std::string("'") + key + "' must be an array");
  for (std::size_t i = 0; i < list.size(); ++i) {
    std::string where = std::string(key) + "[" + std::to_string(i) + "]";
    if (const std::string name = shortName(list[i]); !name.empty()) where = std::string(label) + " " + quoted(name);
    out.push_back(read(ObjectReader(list[i], where), where));
  }
  return out;
}

inline Json vec(const Vec3& v) { return Json::array({v.x(), v.y(), v.z()}); }

}  // namespace mstmm::model_file
