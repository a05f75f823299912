/*
 * SCORM 1.2 runtime conversation. Finds the LMS's `API` object the way the SCORM 1.2 RTE describes
 * (the window's parents, then the opener's), and offers lesson.js a small interface. Without an LMS the
 * lesson still works, as a preview that saves nothing.
 */
(function () {
  "use strict";

  function findApi(start) {
    var win = start;
    for (var depth = 0; win && depth < 8; depth++) {
      try {
        if (win.API) return win.API;
      } catch (error) {
        return null; // a parent from another origin cannot be the LMS frame
      }
      if (win.parent === win) break;
      win = win.parent;
    }
    return null;
  }

  var api = findApi(window) || (window.opener ? findApi(window.opener) : null);
  var connected = false;
  var terminated = false;
  var startedAt = Date.now();
  var status = "";

  function get(name) {
    return connected ? String(api.LMSGetValue(name) || "") : "";
  }

  function set(name, value) {
    if (!connected || terminated) return;
    if (String(api.LMSSetValue(name, String(value))) !== "true" && window.console) {
      console.warn("LMSSetValue(" + name + ") failed with error " + api.LMSGetLastError());
    }
  }

  function commit() {
    if (connected && !terminated) api.LMSCommit("");
  }

  // CMITimespan: HHHH:MM:SS.SS
  function sessionTime() {
    var seconds = Math.max(0, Math.round((Date.now() - startedAt) / 1000));
    var pad = function (value) {
      return (value < 10 ? "0" : "") + value;
    };
    return pad(Math.floor(seconds / 3600)) + ":" + pad(Math.floor(seconds / 60) % 60) + ":" + pad(seconds % 60);
  }

  function end(exit) {
    if (!connected || terminated) return;
    set("cmi.core.session_time", sessionTime());
    set("cmi.core.exit", exit);
    commit();
    api.LMSFinish("");
    terminated = true;
  }

  window.LessonTracking = {
    start: function () {
      if (api) connected = String(api.LMSInitialize("")) === "true";
      if (!connected) return { connected: false, location: "", suspendData: "", passingScore: null };
      status = get("cmi.core.lesson_status");
      if (status === "" || status === "not attempted") {
        status = "incomplete";
        set("cmi.core.lesson_status", status);
      }
      var mastery = parseFloat(get("cmi.student_data.mastery_score"));
      return {
        connected: true,
        location: get("cmi.core.lesson_location"),
        suspendData: get("cmi.suspend_data"),
        passingScore: isNaN(mastery) ? null : mastery / 100,
      };
    },
    saveProgress: function (progress) {
      set("cmi.core.lesson_location", progress.location);
      set("cmi.suspend_data", progress.suspendData);
      // Every page seen: the content is completed; passed/failed comes with the quiz.
      if (progress.contentCompleted && (status === "incomplete" || status === "browsed")) {
        status = "completed";
        set("cmi.core.lesson_status", status);
      }
      commit();
    },
    recordResult: function (result) {
      set("cmi.core.score.min", 0);
      set("cmi.core.score.max", 100);
      set("cmi.core.score.raw", result.percent);
      status = result.passed ? "passed" : "failed";
      set("cmi.core.lesson_status", status);
      commit();
    },
    finish: function () {
      end("");
    },
    suspend: function () {
      end("suspend");
    },
  };
})();
