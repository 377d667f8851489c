module dynamini/dynaminitest

go 1.19
