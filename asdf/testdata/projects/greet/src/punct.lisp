(in-package :greet)
(defun punct () "!")
