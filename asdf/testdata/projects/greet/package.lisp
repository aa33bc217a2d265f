(defpackage :greet
  (:use :cl)
  (:export #:greet #:*loaded-by-perform* #:*greetings* #:banner))
(in-package :greet)
(defvar *loaded-by-perform* nil)
(defvar *greetings* 0)
