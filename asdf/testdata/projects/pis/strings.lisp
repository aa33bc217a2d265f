(defpackage :pis/strings
  (:use :cl :util)
  (:export #:twice))
(in-package :pis/strings)
(defun twice (s) (shout (concatenate 'string s s)))
