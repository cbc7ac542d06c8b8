// The shared validating JSON reader.
#include "formats/json_reader.h"

#include <cmath>
#include <fstream>
#include <limits>
#include <map>
#include <sstream>
#include <stdexcept>

#include "formats/files.h"

namespace scanscope {

namespace {

// The JSON library's message without its "[json.exception.out_of_range.406] " tag.
std::string untagged(const std::string& library_message) {
  if (library_message.rfind("[json.exception.", 0) != 0) return library_message;
  const size_t end = library_message.find("] ");
  return end == std::string::npos ? library_message : library_message.substr(end + 2);
}

// Thrown by the parse callback: the document's shape is beyond what scanscope's files ever hold.
struct ShapeLimit {
  std::string what;
};

// The shape limits, checked by a pass over the text that builds nothing (nlohmann's parse
// callback cannot be used for this: its parser walks the whole enclosing array each time an
// object ends, so an array of 10^6 objects took minutes).
class ShapeCheck : public nlohmann::json_sax<JsonReader::json> {
 public:
  ShapeCheck(long long max_containers, const std::set<std::string>* keys, const std::string& free_under,
             const std::map<std::string, long long>* array_limits, const std::set<std::string>* object_arrays)
      : max_containers_(max_containers), keys_(keys), free_under_(free_under), array_limits_(array_limits), object_arrays_(object_arrays) {}
  bool null() override { return item(0); }
  bool boolean(bool) override { return item(0); }
  bool number_integer(number_integer_t) override { return item(0); }
  bool number_unsigned(number_unsigned_t) override { return item(0); }
  bool number_float(number_float_t, const string_t&) override { return item(0); }
  bool string(string_t& s) override { return item(kStringBytes + long_text(s)); }
  bool binary(binary_t&) override { return item(0); }
  bool start_object(std::size_t) override { return item(kObjectBytes, true) && open(false); }
  bool key(string_t& k) override {
    if (keys_ && !keys_->count(k) && (owners_.empty() || owners_.back().first != free_under_))
      throw ShapeLimit{"unknown key '" + (k.size() > 40 ? k.substr(0, 40) + "..." : k) + "'"};
    last_key_ = k;
    return value(kKeyBytes + long_text(k) - kValueBytes);
  }
  bool end_object() override { return close(); }
  bool start_array(std::size_t) override {
    // with limits: only the keys the format gives arrays hold one (a trace's "totals" never does)
    if (array_limits_ && object_arrays_ && !owners_.empty() && !owners_.back().second && !array_limits_->count(last_key_) &&
        !object_arrays_->count(last_key_))
      throw ShapeLimit{"\"" + last_key_ + "\" holds no array in this format"};
    return item(24) && open(true);
  }
  bool end_array() override { return close(); }
  bool parse_error(std::size_t position, const std::string&, const nlohmann::detail::exception& ex) override {
    // a syntax error names its byte; a number too large for a double (406: "1e309") likewise, in
    // words; anything else the library's text without its "[json.exception...]" tag
    error_ = ex.id >= 100 && ex.id < 200 ? "byte " + std::to_string(position)
             : ex.id == 406              ? "byte " + std::to_string(position) + ": a number beyond a double's range"
                                         : untagged(ex.what());
    return false;
  }
  const std::string& error() const { return error_; }

 private:
  // What the document built from the text would hold (nlohmann::json: 16 bytes a value; a string
  // (std::string and the allocator's header) and an object on the heap; a key, its value and the
  // tree's links in a map node), and a text too long for the string itself.
  static constexpr long long kValueBytes = 16, kStringBytes = 48, kObjectBytes = 64, kKeyBytes = 96;
  static long long long_text(const string_t& s) { return s.size() > 15 ? static_cast<long long>(s.size()) + 17 : 0; }
  // A value inside the container now open: an array under a key with a limit holds at most that
  // many (a trace's "input" never more than a trace's n), refused at the first one too many.
  // An array of objects (a trace's "steps") holds objects only, refused at its first number.
  bool item(long long extra, bool object = false) {
    if (array_limits_ && !owners_.empty() && owners_.back().second) {
      const std::string& key = owners_.back().first;
      const auto it = array_limits_->find(key);
      if (it != array_limits_->end() && ++counts_.back() > it->second)
        throw ShapeLimit{"\"" + it->first + "\" holds more than " + std::to_string(it->second) + " values"};
      if (!object && object_arrays_ && object_arrays_->count(key)) throw ShapeLimit{"\"" + key + "\" holds objects, not single values"};
    }
    return value(extra);
  }
  bool value(long long extra) {
    bytes_ += kValueBytes + extra;
    if (bytes_ > JsonReader::kMaxDocumentBytes)
      throw ShapeLimit{"its values would take more than " + std::to_string(JsonReader::kMaxDocumentBytes >> 20) + " MiB of memory"};
    return true;
  }
  bool open(bool array) {
    // The key a container's keys belong to: the one it stands under (an array's elements, the array's).
    if (keys_ || array_limits_) {
      owners_.push_back({!owners_.empty() && owners_.back().second ? owners_.back().first : last_key_, array});
      counts_.push_back(0);
    }
    // depth counts as nlohmann's callback did: the outermost container is at depth 0
    if (depth_ >= JsonReader::kMaxDepth) throw ShapeLimit{"nested more than " + std::to_string(JsonReader::kMaxDepth) + " deep"};
    if (++containers_ > max_containers_)
      throw ShapeLimit{"more than one object or array per " + std::to_string(JsonReader::kMinBytesPerContainer) + " bytes"};
    ++depth_;
    return true;
  }
  bool close() {
    if (!owners_.empty()) {
      owners_.pop_back();
      counts_.pop_back();
    }
    --depth_;
    return true;
  }
  long long max_containers_, containers_ = 0, bytes_ = 0;
  const std::set<std::string>* keys_;
  const std::string& free_under_;
  std::string last_key_;
  const std::map<std::string, long long>* array_limits_;
  const std::set<std::string>* object_arrays_;
  std::vector<std::pair<std::string, bool>> owners_;  // per open container: its key, and whether it is an array
  std::vector<long long> counts_;                     // per open container: the values in it so far
  int depth_ = 0;
  std::string error_;
};

}  // namespace

JsonReader::json JsonReader::parse(const std::string& text) const {
  // Checked while reading, before the document is built: nesting (scanscope's files nest 5 deep;
  // a bomb of brackets would take tens of bytes of memory per byte of text) and the number of
  // objects and arrays (a real trace has one per 40 bytes or more; "[{},{},...]" one per 3).
  ShapeCheck check(static_cast<long long>(text.size()) / kMinBytesPerContainer + 16, keys_, free_under_, array_limits_, object_arrays_);
  try {
    if (!json::sax_parse(text, &check)) throw FileError(origin_ + ": not valid JSON (" + check.error() + ")");
    return json::parse(text);
  } catch (const ShapeLimit& e) {
    throw FileError(origin_ + ": not a scanscope file (" + e.what + ")");
  } catch (const json::parse_error& e) {
    throw FileError(origin_ + ": not valid JSON (byte " + std::to_string(e.byte) + ")");
  } catch (const json::exception& e) {  // e.g. out_of_range 406: a number too large for a double
    throw FileError(origin_ + ": not valid JSON (" + untagged(e.what()) + ")");
  }
}

void JsonReader::fail(const std::string& where, const std::string& what) const {
  throw FileError(origin_ + ": " + (where.empty() ? std::string() : where + ": ") + what);
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

std::string JsonReader::checked_string(const json& v, const std::string& at, size_t max_chars) const {
  if (!v.is_string()) fail(at, "expected a string");
  const std::string& s = v.get_ref<const std::string&>();
  if (s.size() > max_chars) fail(at, std::to_string(s.size()) + " characters, more than " + std::to_string(max_chars));
  // Control characters would reach the terminal (escape sequences) and the window raw; a text
  // (max_chars above kMaxName) may hold line breaks and tabs.
  for (unsigned char c : s)
    if ((c < 0x20 && !(max_chars > kMaxName && (c == '\n' || c == '\t' || c == '\r'))) || c == 0x7f)
      fail(at, "contains a control character (code " + std::to_string(c) + ")");
  return s;
}

std::string JsonReader::string(const json& arr, size_t index, const std::string& where, size_t max_chars) const {
  if (!arr.is_array() || index >= arr.size()) fail(where, "expected an array of at least " + std::to_string(index + 1) + " values");
  return checked_string(arr[index], where + "[" + std::to_string(index) + "]", max_chars);
}

std::string JsonReader::string(const json& obj, const char* key, const std::string& where, size_t max_chars) const {
  return checked_string(field(obj, key, where), path(where, key), max_chars);
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
