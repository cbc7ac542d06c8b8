// Validating JSON reading shared by every file scanscope loads (traces, benchmark results): every
// problem becomes one std::runtime_error "ORIGIN: WHERE: WHAT", never a crash.
#pragma once

#include <map>
#include <set>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

namespace scanscope {

class JsonReader {
 public:
  using json = nlohmann::json;
  explicit JsonReader(std::string origin) : origin_(std::move(origin)) {}
  // A format's vocabulary: a key not in `keys` is refused while the text is read, before anything
  // is built (a file's bulk under a key nobody reads once cost gigabytes); the keys of an object
  // under `free_under` (a trace's "defines": macro names) are the file's own.
  JsonReader(std::string origin, const std::set<std::string>* keys, std::string free_under)
      : origin_(std::move(origin)), keys_(keys), free_under_(std::move(free_under)) {}
  // Arrays under these keys hold at most so many values (a trace's "input": its largest n), refused
  // while the text is read, at the first one too many: a known key's bulk is not built either.
  // With `object_arrays` too, the format's every array is named: arrays of values under `limits`,
  // arrays of objects under `object_arrays` (a single value in one is refused); any other key holds
  // no array.
  void limit_arrays(const std::map<std::string, long long>* limits, const std::set<std::string>* object_arrays = nullptr) {
    array_limits_ = limits;
    object_arrays_ = object_arrays;
  }

  // Parses; any nlohmann exception (syntax, a number beyond a double, ...) is "not valid JSON", and
  // a document nested deeper than kMaxDepth or with more than one object or array per
  // kMinBytesPerContainer bytes is refused while it is read (so no file costs more than a small
  // multiple of its size in memory).
  json parse(const std::string& text) const;
  static constexpr int kMaxDepth = 16;
  static constexpr long long kMinBytesPerContainer = 8;
  // The memory the built document would take, estimated value by value in the same pass (16 bytes
  // a value, a string's and a key's text and bookkeeping besides): a grid trace of app-radix-sort-blocks
  // at n = 8192 (104 MB) comes to about 1 GiB; 33 million one-character strings once took 3.1 GB.
  static constexpr long long kMaxDocumentBytes = 1536LL << 20;

  [[noreturn]] void fail(const std::string& where, const std::string& what) const;
  // `where` is a path like "steps[2]"; "" for the top level.
  const json& field(const json& obj, const char* key, const std::string& where) const;
  long long integer(const json& obj, const char* key, const std::string& where, long long lo, long long hi) const;
  // Strings: at most max_chars bytes, no control characters (a longer text may hold line breaks).
  static constexpr size_t kMaxName = 1024;
  std::string string(const json& obj, const char* key, const std::string& where, size_t max_chars = kMaxName) const;
  bool boolean(const json& obj, const char* key, const std::string& where) const;
  // Elements of an array: `where` names the array.
  long long integer(const json& arr, size_t index, const std::string& where, long long lo, long long hi) const;
  std::string string(const json& arr, size_t index, const std::string& where, size_t max_chars = kMaxName) const;
  // A finite number (or NaN for null when allow_null) in [lo, hi].
  double number(const json& v, const std::string& where, bool allow_null, double lo = -1e308, double hi = 1e308) const;
  double number(const json& obj, const char* key, const std::string& where, double lo, double hi) const;
  std::vector<double> numbers(const json& obj, const char* key, const std::string& where, size_t max, bool allow_null) const;
  static std::string path(const std::string& where, const std::string& key) { return where.empty() ? key : where + "." + key; }

 private:
  long long integer_value(const json& v, const std::string& at, long long lo, long long hi) const;
  std::string checked_string(const json& v, const std::string& at, size_t max_chars) const;
  std::string origin_;
  const std::set<std::string>* keys_ = nullptr;
  std::string free_under_;
  const std::map<std::string, long long>* array_limits_ = nullptr;
  const std::set<std::string>* object_arrays_ = nullptr;
};

}  // namespace scanscope
