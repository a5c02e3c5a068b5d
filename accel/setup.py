from setuptools import Extension, setup

setup(ext_modules=[Extension("heartspec_accel", ["heartspec_accel.c"], extra_compile_args=["-O2", "-ffp-contract=off"])])
