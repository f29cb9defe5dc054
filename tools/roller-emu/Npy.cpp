//===- Npy.cpp - NumPy .npy files for roller-emu --------------------------===//

#include "Npy.h"

#include <cstdio>
#include <cstring>
#include <fstream>
#include <sstream>

using namespace roller::npy;

int64_t Array::elements() const {
  int64_t n = 1;
  for (int64_t d : shape)
    n *= d;
  return n;
}

unsigned Array::elementBytes() const {
  if (dtype.size() < 2)
    return 0;
  return unsigned(std::atoi(dtype.c_str() + 1));
}

namespace {

bool validDtype(const std::string &dtype) {
  static const char *const kTypes[] = {"f2", "f4", "f8", "i1", "i2", "i4",
                                       "i8", "u1", "u2", "u4", "u8", "b1"};
  for (const char *type : kTypes)
    if (dtype == type)
      return true;
  return false;
}

/// The value of `key` in NumPy's header dictionary (a Python literal).
std::string lookup(const std::string &header, const std::string &key) {
  size_t at = header.find("'" + key + "'");
  if (at == std::string::npos)
    return "";
  at = header.find(':', at);
  if (at == std::string::npos)
    return "";
  ++at;
  while (at < header.size() && header[at] == ' ')
    ++at;
  size_t end = at;
  if (at < header.size() && header[at] == '(') {
    end = header.find(')', at);
    return end == std::string::npos ? "" : header.substr(at, end - at + 1);
  }
  if (at < header.size() && header[at] == '\'') {
    end = header.find('\'', at + 1);
    return end == std::string::npos ? "" : header.substr(at + 1, end - at - 1);
  }
  while (end < header.size() && header[end] != ',' && header[end] != '}')
    ++end;
  return header.substr(at, end - at);
}

} // namespace

bool roller::npy::read(const std::string &path, Array &array,
                       std::string &error) {
  std::ifstream in(path, std::ios::binary);
  if (!in) {
    error = "cannot open '" + path + "'";
    return false;
  }
  char magic[8];
  if (!in.read(magic, 8) || std::memcmp(magic, "\x93NUMPY", 6) != 0) {
    error = "'" + path + "' is not a .npy file";
    return false;
  }
  uint32_t headerBytes = 0;
  if (magic[6] == 1) {
    uint8_t b[2];
    in.read(reinterpret_cast<char *>(b), 2);
    headerBytes = b[0] | b[1] << 8;
  } else if (magic[6] == 2 || magic[6] == 3) {
    uint8_t b[4];
    in.read(reinterpret_cast<char *>(b), 4);
    headerBytes = b[0] | b[1] << 8 | b[2] << 16 | uint32_t(b[3]) << 24;
  } else {
    error = "'" + path + "': unsupported .npy version";
    return false;
  }
  if (!in || headerBytes > (1u << 20)) {
    error = "'" + path + "': truncated or oversized header";
    return false;
  }
  std::string header(headerBytes, '\0');
  if (!in.read(header.data(), headerBytes)) {
    error = "'" + path + "': truncated header";
    return false;
  }
  std::string descr = lookup(header, "descr");
  if (descr.size() != 3 || (descr[0] != '<' && descr[0] != '|')) {
    error = "'" + path + "': unsupported dtype '" + descr +
            "' (little-endian numeric types only)";
    return false;
  }
  array.dtype = descr.substr(1);
  if (!validDtype(array.dtype)) {
    error = "'" + path + "': unsupported dtype '" + descr + "'";
    return false;
  }
  if (lookup(header, "fortran_order") != "False") {
    error = "'" + path + "': Fortran-order arrays are not supported";
    return false;
  }
  std::string shape = lookup(header, "shape");
  if (shape.size() < 2) {
    error = "'" + path + "': no shape";
    return false;
  }
  array.shape.clear();
  std::stringstream dims(shape.substr(1, shape.size() - 2));
  std::string dim;
  while (std::getline(dims, dim, ',')) {
    size_t first = dim.find_first_not_of(' ');
    if (first == std::string::npos)
      continue;
    char *end = nullptr;
    long long value = std::strtoll(dim.c_str() + first, &end, 10);
    if (value < 0 || value > (1ll << 40)) {
      error = "'" + path + "': bad dimension '" + dim + "'";
      return false;
    }
    array.shape.push_back(value);
  }
  int64_t n = array.elements();
  if (n > (int64_t(1) << 34) / array.elementBytes()) {
    error = "'" + path + "': too large";
    return false;
  }
  array.data.resize(size_t(n) * array.elementBytes());
  if (!in.read(reinterpret_cast<char *>(array.data.data()),
               std::streamsize(array.data.size()))) {
    error = "'" + path + "': truncated data (expected " +
            std::to_string(array.data.size()) + " bytes)";
    return false;
  }
  return true;
}

bool roller::npy::write(const std::string &path, const Array &array,
                        std::string &error) {
  std::string shape = "(";
  for (size_t i = 0; i < array.shape.size(); ++i)
    shape +=
        std::to_string(array.shape[i]) + (array.shape.size() == 1      ? ","
                                          : i + 1 < array.shape.size() ? ", "
                                                                       : "");
  shape += ")";
  char order = array.dtype == "u1" || array.dtype == "i1" || array.dtype == "b1"
                   ? '|'
                   : '<';
  std::string header = "{'descr': '" + std::string(1, order) + array.dtype +
                       "', 'fortran_order': False, 'shape': " + shape + ", }";
  // Pad with spaces so that the data starts 64-byte aligned.
  size_t total = 10 + header.size() + 1;
  header.append((64 - total % 64) % 64, ' ');
  header += '\n';
  std::ofstream out(path, std::ios::binary);
  if (!out) {
    error = "cannot write '" + path + "'";
    return false;
  }
  uint16_t length = uint16_t(header.size());
  out.write("\x93NUMPY\x01\x00", 8);
  char lengthBytes[2] = {char(length & 0xff), char(length >> 8)};
  out.write(lengthBytes, 2);
  out.write(header.data(), std::streamsize(header.size()));
  out.write(reinterpret_cast<const char *>(array.data.data()),
            std::streamsize(array.data.size()));
  if (!out) {
    error = "cannot write '" + path + "'";
    return false;
  }
  return true;
}

std::string roller::npy::dtypeFor(const std::string &element) {
  if (element == "f32")
    return "f4";
  if (element == "f64")
    return "f8";
  if (element == "f16")
    return "f2";
  if (element == "bf16")
    return "u2";
  if (element == "i8" || element == "si8")
    return "i1";
  if (element == "ui8")
    return "u1";
  if (element == "ui16")
    return "u2";
  if (element == "ui32")
    return "u4";
  if (element == "ui64")
    return "u8";
  if (element == "i16" || element == "si16")
    return "i2";
  if (element == "i32" || element == "si32")
    return "i4";
  if (element == "i64" || element == "si64" || element == "index")
    return "i8";
  if (element == "i1")
    return "b1";
  return "";
}
