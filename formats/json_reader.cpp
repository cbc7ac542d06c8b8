// The shared validating JSON reader.
#include "formats/json_reader.h"

#include <cmath>
#include <fstream>
#include <limits>
#include <sstream>
#include <stdexcept>

namespace scanscope {

std::string read_text_file(const std::string& path, long long max_bytes, const char* what) {
  std::ifstream f(path, std::ios::binary);
  if (!f) throw std::runtime_error(path + ": cannot open for reading");
  f.seekg(0, std::ios::end);
  std::streamoff size = f.tellg();
  if (size < 0) throw std::runtime_error(path + ": cannot read (not a regular file?)");
  if (size > max_bytes)
    throw std::runtime_error(path + ": " + std::to_string(size) + " bytes, larger than the " + std::to_string(max_bytes >> 20) +
                             " MiB " + what + " may be");
  f.seekg(0);
  std::string text(static_cast<size_t>(size), '\0');
  f.read(text.data(), size);
  if (!f) throw std::runtime_error(path + ": read failed");
  return text;
}

JsonReader::json JsonReader::parse(const std::string& text) const {
  try {
    return json::parse(text);
  } catch (const json::parse_error& e) {
    throw std::runtime_error(origin_ + ": not valid JSON (byte " + std::to_string(e.byte) + ")");
  } catch (const json::exception& e) {  // e.g. out_of_range 406: a number too large for a double
    throw std::runtime_error(origin_ + ": not valid JSON (" + e.what() + ")");
  }
}

void JsonReader::fail(const std::string& where, const std::string& what) const {
  throw std::runtime_error(origin_ + ": " + (where.empty() ? std::string() : where + ": ") + what);
}

const JsonReader::json& JsonReader::field(const json& obj, const char* key, const std::string& where) const {
  if (!obj.is_object()) fail(where, "expected an object");
  auto it = obj.find(key);
  if (it == obj.end()) fail(where, std::string("missing field \"") + key + "\"");
  return *it;
}

long long JsonReader::integer_value(const json& v, const std::string& at, long long lo, long long hi) const {
  if (!v.is_number_integer()) fail(at, "expected an integer");
  if (v.is_number_unsigned() && v.get<unsigned long long>() > static_cast<unsigned long long>(hi))
    fail(at, std::to_string(v.get<unsigned long long>()) + " is outside " + std::to_string(lo) + ".." + std::to_string(hi));
  long long x = v.get<long long>();
  if (x < lo || x > hi) fail(at, std::to_string(x) + " is outside " + std::to_string(lo) + ".." + std::to_string(hi));
  return x;
}

long long JsonReader::integer(const json& obj, const char* key, const std::string& where, long long lo, long long hi) const {
  return integer_value(field(obj, key, where), path(where, key), lo, hi);
}

long long JsonReader::integer(const json& arr, size_t index, const std::string& where, long long lo, long long hi) const {
  if (!arr.is_array() || index >= arr.size()) fail(where, "expected an array of at least " + std::to_string(index + 1) + " values");
  return integer_value(arr[index], where + "[" + std::to_string(index) + "]", lo, hi);
}

std::string JsonReader::string(const json& arr, size_t index, const std::string& where) const {
  if (!arr.is_array() || index >= arr.size()) fail(where, "expected an array of at least " + std::to_string(index + 1) + " values");
  if (!arr[index].is_string()) fail(where + "[" + std::to_string(index) + "]", "expected a string");
  return arr[index].get<std::string>();
}

std::string JsonReader::string(const json& obj, const char* key, const std::string& where) const {
  const json& v = field(obj, key, where);
  if (!v.is_string()) fail(path(where, key), "expected a string");
  return v.get<std::string>();
}

bool JsonReader::boolean(const json& obj, const char* key, const std::string& where) const {
  const json& v = field(obj, key, where);
  if (!v.is_boolean()) fail(path(where, key), "expected true or false");
  return v.get<bool>();
}

double JsonReader::number(const json& v, const std::string& where, bool allow_null, double lo, double hi) const {
  if (allow_null && v.is_null()) return std::numeric_limits<double>::quiet_NaN();
  if (!v.is_number()) fail(where, allow_null ? "expected a number or null" : "expected a number");
  double d = v.get<double>();
  if (!std::isfinite(d)) fail(where, "not a finite number");
  if (d < lo || d > hi) {
    std::ostringstream os;
    os << d << " is outside " << lo << ".." << hi;
    fail(where, os.str());
  }
  return d;
}

double JsonReader::number(const json& obj, const char* key, const std::string& where, double lo, double hi) const {
  return number(field(obj, key, where), path(where, key), false, lo, hi);
}

std::vector<double> JsonReader::numbers(const json& obj, const char* key, const std::string& where, size_t max, bool allow_null) const {
  const json& v = field(obj, key, where);
  const std::string at = path(where, key);
  if (!v.is_array()) fail(at, "expected an array");
  if (v.size() > max) fail(at, "has " + std::to_string(v.size()) + " entries, more than " + std::to_string(max));
  std::vector<double> out;
  out.reserve(v.size());
  for (size_t i = 0; i < v.size(); ++i) out.push_back(number(v[i], at + "[" + std::to_string(i) + "]", allow_null));
  return out;
}

}  // namespace scanscope
