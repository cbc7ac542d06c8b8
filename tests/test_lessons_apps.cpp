// Applications and lessons beyond the kernels: histogram equalization, floating-point order.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdio>
#include <fstream>

#include "float_order.h"
#include "histeq.h"

using namespace scanscope;

TEST(HistogramEqualization, StretchesALowContrastImage) {
  GrayImage img = synthetic_image(64, 48);
  auto [lo, hi] = std::minmax_element(img.pixels.begin(), img.pixels.end());
  EXPECT_GE(*lo, 80);
  EXPECT_LE(*hi, 150);
  Equalization e = equalize(img, Device::Cpu);
  std::string why;
  EXPECT_TRUE(check_output(e.cdf_trace, &why)) << why;  // the traced scan is the CDF
  EXPECT_EQ(e.cdf.back(), 64 * 48);
  auto [lo2, hi2] = std::minmax_element(e.equalized.pixels.begin(), e.equalized.pixels.end());
  EXPECT_EQ(*lo2, 0);
  EXPECT_EQ(*hi2, 255);
  // The mapping is monotone: brighter stays brighter.
  for (int v = 1; v < 256; ++v) EXPECT_GE(e.lut[v], e.lut[v - 1]);
}

TEST(HistogramEqualization, PngRoundTripAndBadFiles) {
  std::string path = ::testing::TempDir() + "/scanscope_eq.png";
  GrayImage img = synthetic_image(40, 30);
  save_gray_png(path, img);
  GrayImage back = load_gray_image(path);
  EXPECT_EQ(back.width, 40);
  EXPECT_EQ(back.height, 30);
  EXPECT_EQ(back.pixels, img.pixels);
  std::string junk = ::testing::TempDir() + "/scanscope_junk.png";
  std::ofstream(junk) << "not an image";
  try {
    load_gray_image(junk);
    FAIL() << "junk loaded";
  } catch (const std::runtime_error& e) {
    EXPECT_NE(std::string(e.what()).find("scanscope_junk.png: cannot read as an image"), std::string::npos) << e.what();
  }
  EXPECT_THROW(load_gray_image(::testing::TempDir() + "/no_such.png"), std::runtime_error);
  std::remove(path.c_str());
  std::remove(junk.c_str());
}

// Seed 000: "The parallel tree reduction computes a different value than the sequential sum
// because the grouping of additions differs ... Use compensated summation (Kahan)".
TEST(FloatOrder, TreeBeatsSequentialAndKahanBeatsBoth) {
  FloatOrderReport r = compare_float_orders(float_order_data("uniform", 65536, 1));
  ASSERT_EQ(r.sums.size(), 4u);
  const FloatSum& seq = r.sums[0];
  const FloatSum& tree = r.sums[1];
  const FloatSum& kahan = r.sums[3];
  EXPECT_GT(seq.abs_error, 10 * tree.abs_error);
  EXPECT_LE(kahan.abs_error, tree.abs_error);
  EXPECT_LE(kahan.ulps, 1.0);
  EXPECT_NE(seq.value, tree.value);  // same data, different order, different float
}

TEST(FloatOrder, BadArguments) {
  EXPECT_THROW(float_order_data("gaussian", 10, 1), UsageError);
  EXPECT_THROW(float_order_data("uniform", 0, 1), UsageError);
  EXPECT_THROW(float_order_data("uniform", 100000, 1), UsageError);
}
