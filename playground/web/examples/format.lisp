;; FORMAT: directives for numbers, lists, conditionals and case.
(format t "~r~%" 1234)
(format t "~@r ~:r~%" 2024 3)
(format t "~{~a~^, ~}.~%" '("apples" "pears" "plums"))
(format t "~d item~:p, ~d box~:*~[es~;~:;es~]~%" 3 1)
(format t "|~10a|~10@a|~%" "left" "right")
(format t "~,3f ~$~%" pi 19.5)
(format t "~:(~a~) ~@(~a~)~%" "hello world" "SHOUT")
(format nil "~a has ~[no~;one~:;~:*~d~] message~:p" "inbox" 2)
