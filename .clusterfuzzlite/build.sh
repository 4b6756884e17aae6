#!/bin/bash -eu
# ClusterFuzzLite: the same build as OSS-Fuzz (fuzz/oss-fuzz/build.sh).
exec "$SRC/fencefuzz/fuzz/oss-fuzz/build.sh"
