// Draws the hbench report from the JSON in #hbench-data. Every figure comes from the results as written;
// this script only converts base units into the unit Java chose for each figure, and draws. No request ever leaves
// the page.
(function () {
  'use strict';
  var data = JSON.parse(document.getElementById('hbench-data').textContent);
  var root = document.getElementById('report');
  var COLORS = ['#2563eb', '#dc2626', '#16a34a', '#d97706', '#7c3aed', '#0891b2', '#db2777', '#4b5563'];

  function el(tag, attrs, children) {
    var node = document.createElement(tag);
    Object.keys(attrs || {}).forEach(function (key) { node.setAttribute(key, attrs[key]); });
    (children || []).forEach(function (child) {
      node.appendChild(typeof child === 'string' ? document.createTextNode(child) : child);
    });
    return node;
  }

  // Fixed decimals, but never fewer than 3 significant digits: a tiny scale factor's HSph@SF is not 0.00.
  function fixed(value, digits) {
    if (value !== 0 && Math.abs(value) < Math.pow(10, 2 - digits)) { return value.toPrecision(3); }
    return value.toFixed(digits);
  }

  // The unit a figure reads in everywhere, as Java's DisplayUnit chose it: its symbol, and how many base units make
  // one (divide a base-unit value by it).
  function unitOf(id, unit) {
    return data.units[id + ' ' + unit];
  }

  // A figure's name for people, as Java's MetricNames gives it for every figure of the results: identifiers are for
  // JSON and CSV, never shown.
  function nameOf(item) {
    return data.names[keyOf(item)];
  }

  function keyOf(item) {
    var names = Object.keys(item.labels || {}).sort();
    if (names.length === 0) { return item.id; }
    return item.id + '{' + names.map(function (name) { return name + '=' + item.labels[name]; }).join(',') + '}';
  }

  function table(headers, rows) {
    var head = el('tr', {}, headers.map(function (h) { return el('th', {}, [h]); }));
    var body = rows.map(function (row) {
      return el('tr', {}, row.map(function (cell) {
        return cell instanceof Node ? el('td', {}, [cell]) : el('td', {}, [String(cell)]);
      }));
    });
    return el('table', {}, [el('thead', {}, [head]), el('tbody', {}, body)]);
  }

  // A point's value: a number, or the y of an {x, y} point; null where a series has none (a gap).
  function yOf(point) {
    var y = point !== null && typeof point === 'object' ? point.y : point;
    return y === undefined ? null : y;
  }

  // A chart in a titled box; marks its canvas once Chart.js has drawn it, for the browser tests. A chart of fewer
  // than three real points says more as its values: a table in the same box, rounded as the axis reads. Gaps do not
  // count, or a series of empty intervals with one value would draw one dot in an empty frame.
  function chart(container, title, config) {
    var labels = config.data.labels || [];
    var points = config.data.datasets.reduce(function (most, d) {
      return Math.max(most, d.data.filter(function (point) { return yOf(point) !== null; }).length);
    }, 0);
    if (points < 3) {
      container.appendChild(el('div', {'class': 'chart values'}, [el('h3', {}, [title]), valuesTable(labels, config)]));
      return;
    }
    var canvas = el('canvas', {'class': 'hbench-chart'});
    container.appendChild(el('div', {'class': 'chart'}, [el('h3', {}, [title]), canvas]));
    config.options = Object.assign({animation: false, responsive: true, maintainAspectRatio: false}, config.options || {});
    new Chart(canvas, config);
    canvas.setAttribute('data-drawn', 'true');
  }

  function valuesTable(labels, config) {
    var rows = config.data.datasets.map(function (d) {
      return [d.label].concat(d.data.map(function (point) {
        var y = yOf(point);
        return y === null ? '–' : fixed(y, 3);
      }));
    });
    // {x, y} points head their columns with x; values in a gap (null) are no points.
    var first = config.data.datasets[0] && config.data.datasets[0].data[0];
    var heads = first !== null && typeof first === 'object'
      ? config.data.datasets[0].data.map(function (p) { return fixed(p.x, 1); }) : labels.map(String);
    var unit = config.options && config.options.scales && config.options.scales.y && config.options.scales.y.title
      ? config.options.scales.y.title.text : '';
    return table([unit].concat(heads), rows);
  }

  function dataset(label, values, index, extra) {
    return Object.assign({label: label, data: values, backgroundColor: COLORS[index % COLORS.length],
      borderColor: COLORS[index % COLORS.length]}, extra || {});
  }

  function axes(x, y) {
    return {scales: {x: {title: {display: true, text: x}}, y: {title: {display: true, text: y}, beginAtZero: true}}};
  }

  function metric(result, id, labels) {
    return result.metrics.filter(function (m) {
      if (m.id !== id) { return false; }
      return Object.keys(labels || {}).every(function (k) { return m.labels[k] === labels[k]; });
    });
  }

  function distribution(result, id, labels) {
    return result.distributions.filter(function (d) {
      return d.id === id && Object.keys(labels || {}).every(function (k) { return d.labels[k] === labels[k]; });
    });
  }

  // Distributions of one figure, in its unit, which the title names.
  function percentileChart(grid, title, distributions, names) {
    var u = unitOf(distributions[0].id, distributions[0].unit);
    var percentiles = [];
    distributions.forEach(function (d) {
      Object.keys(d.percentiles).forEach(function (p) { if (percentiles.indexOf(p) < 0) { percentiles.push(p); } });
    });
    percentiles.sort(function (a, b) { return parseFloat(a) - parseFloat(b); });
    chart(grid, title + ' (' + u.symbol + ')', {type: 'line', data: {labels: percentiles.map(function (p) { return 'p' + parseFloat(p); }),
      datasets: distributions.map(function (d, i) {
        return dataset(names[i], percentiles.map(function (p) { return d.percentiles[p] === undefined ? null : d.percentiles[p] / u.divisor; }), i);
      })}, options: axes('percentile', u.symbol)});
  }

  function histogram(values, bins) {
    var min = Math.min.apply(null, values);
    var max = Math.max.apply(null, values);
    var width = (max - min) / bins || 1;
    var counts = new Array(bins).fill(0);
    values.forEach(function (v) { counts[Math.min(bins - 1, Math.floor((v - min) / width))]++; });
    return {labels: counts.map(function (_, i) { return fixed(min + i * width, 1) + '–' + fixed(min + (i + 1) * width, 1); }),
      counts: counts};
  }

  function dfsio(grid, r) {
    var series = r.timeSeries.filter(function (s) { return s.id === 'throughput'; })[0];
    if (series) {
      var all = unitOf(series.id, series.unit);
      chart(grid, 'All tasks\' throughput, second by second (' + all.symbol + ')', {type: 'line', data: {
        labels: series.values.map(function (_, i) { return String(i * series.bucketSeconds); }),
        datasets: [dataset('all tasks', series.values.map(function (v) { return v / all.divisor; }), 0, {fill: true})]},
        options: axes('seconds from the IO phase start', all.symbol)});
    }
    var taskRates = r.tasks.map(function (t) { return t.metrics.filter(function (x) { return x.id === 'throughput'; })[0]; })
      .filter(function (m) { return m; });
    if (taskRates.length > 0) {
      var each = unitOf('throughput', taskRates[0].unit);
      var h = histogram(taskRates.map(function (m) { return m.value / each.divisor; }),
        Math.min(10, Math.max(1, taskRates.length)));
      chart(grid, 'Per-task throughput (tasks per ' + each.symbol + ' range)', {type: 'bar', data: {labels: h.labels,
        datasets: [dataset('tasks', h.counts, 1)]}, options: axes(each.symbol, 'tasks')});
    }
    var latency = distribution(r, 'io_call_latency').concat(distribution(r, 'open_latency'));
    if (latency.length > 0) {
      percentileChart(grid, 'IO call and open latency percentiles', latency, latency.map(nameOf));
    }
    var figures = ['classic_throughput', 'io_rate_mean', 'aggregate_throughput'].map(function (id) { return metric(r, id)[0]; })
      .filter(function (m) { return m; });
    if (figures.length > 0) {
      var rate = unitOf(figures[0].id, figures[0].unit);
      chart(grid, 'Classic per-task figures beside the aggregate (' + rate.symbol + ')', {type: 'bar', data: {
        labels: figures.map(nameOf),
        datasets: [dataset(r.operation, figures.map(function (m) { return m.value / rate.divisor; }), 2)]},
        options: axes('', rate.symbol)});
    }
  }

  // A capacity curve's charts: latency against the offered rate, a line per percentile, and the objective's bound as a
  // dashed level line. The rates span a logarithmic axis when a ramp doubled its way up, and the latencies one when a
  // saturated step's seconds would flatten the bound's milliseconds into the floor.
  function capacityCharts(grid, r, curve) {
    var offered = metric(r, 'target_ops_per_second')[0];
    var latency = distribution(r, 'latency')[0];
    if (!offered || !latency) { return; }
    var x = unitOf(offered.id, offered.unit);
    var y = unitOf(latency.id, latency.unit);
    var xs = curve.offered.map(function (v) { return v / x.divisor; });
    curve.charts.forEach(function (c) {
      var datasets = c.lines.map(function (line, i) {
        return dataset(line.percentile, line.seconds.map(function (s, k) {
          return {x: xs[k], y: s === null ? null : s / y.divisor}; }), i);
      });
      if (curve.boundSeconds !== null) {
        datasets.push(dataset('objective' + (curve.objective ? ' ' + curve.objective : ''), xs.map(function (v) {
          return {x: v, y: curve.boundSeconds / y.divisor}; }), 7, {borderDash: [6, 4], pointRadius: 0}));
      }
      var ys = [];
      datasets.forEach(function (d) { d.data.forEach(function (p) { if (p.y > 0) { ys.push(p.y); } }); });
      var options = axes('offered rate (' + x.symbol + ')', y.symbol);
      options.scales.x.type = xs[xs.length - 1] / xs[0] >= 10 ? 'logarithmic' : 'linear';
      if (ys.length > 0 && Math.max.apply(null, ys) / Math.min.apply(null, ys) >= 100) {
        options.scales.y.type = 'logarithmic';
        options.scales.y.beginAtZero = false;
      }
      chart(grid, 'Latency against offered rate, ' + c.name + ' (' + y.symbol + ')', {type: 'line',
        data: {datasets: datasets}, options: options});
    });
  }

  // A capacity curve's steps (labelled step) are drawn by offered rate, not among the run's figures.
  function nn(grid, r, entry) {
    var ops = metric(r, 'ops_per_second').filter(function (m) { return !m.labels.call && !m.labels.step; });
    if (ops.length > 0) {
      var rate = unitOf('ops_per_second', ops[0].unit);
      chart(grid, 'Operations per second', {type: 'bar', data: {labels: ops.map(function (m) { return m.labels.operation; }),
        datasets: [dataset(rate.symbol, ops.map(function (m) { return m.value / rate.divisor; }), 0)]},
        options: axes('operation', rate.symbol)});
    }
    var latency = distribution(r, 'latency').filter(function (d) { return !d.labels.step; });
    if (latency.length > 0) {
      percentileChart(grid, 'Latency percentiles', latency, latency.map(function (d) {
        return d.labels.call ? d.labels.operation + ' ' + d.labels.call : d.labels.operation; }));
    }
    entry.capacityCurves.forEach(function (curve) { capacityCharts(grid, r, curve); });
  }

  function tpcxhs(grid, r) {
    var phases = [];
    var runs = [];
    var times = metric(r, 'phase_time');
    times.forEach(function (m) {
      if (phases.indexOf(m.labels.phase) < 0) { phases.push(m.labels.phase); }
      if (runs.indexOf(m.labels.run) < 0) { runs.push(m.labels.run); }
    });
    if (times.length === 0) { return; }
    var u = unitOf('phase_time', times[0].unit);
    chart(grid, 'Time per phase (' + u.symbol + ')', {type: 'bar', data: {labels: phases, datasets: runs.map(function (run, i) {
      return dataset('run ' + run, phases.map(function (phase) {
        var m = metric(r, 'phase_time', {run: run, phase: phase})[0];
        return m ? m.value / u.divisor : null;
      }), i);
    })}, options: axes('phase', u.symbol)});
  }

  function randbench(grid, r) {
    var phases = ['send', 'flush', 'barrier'];
    var supersteps = [];
    var sums = {};
    var time = null;
    r.tasks.forEach(function (t) {
      t.metrics.filter(function (m) { return m.id === 'superstep_time'; }).forEach(function (m) {
        var s = m.labels.superstep;
        if (supersteps.indexOf(s) < 0) { supersteps.push(s); }
        var key = s + '/' + m.labels.phase;
        sums[key] = (sums[key] || 0) + m.value;
        time = time || unitOf(m.id, m.unit);
      });
    });
    supersteps.sort();
    var peers = r.tasks.length || 1;
    if (time) {
      chart(grid, 'Per superstep: send, flush and barrier (' + time.symbol + ', mean over peers)', {type: 'bar', data: {
        labels: supersteps.map(function (s) { return String(parseInt(s, 10)); }),
        datasets: phases.map(function (phase, i) {
          return dataset(phase, supersteps.map(function (s) { return (sums[s + '/' + phase] || 0) / peers / time.divisor; }), i);
        })}, options: Object.assign(axes('measured superstep', time.symbol), {scales: {x: {stacked: true,
          title: {display: true, text: 'measured superstep'}}, y: {stacked: true, title: {display: true, text: time.symbol}}}})});
    }
    var peerRates = r.tasks.map(function (t) { return t.metrics.filter(function (x) { return x.id === 'throughput'; })[0]; });
    var rate = peerRates.filter(function (m) { return m; }).map(function (m) { return unitOf(m.id, m.unit); })[0];
    if (rate) {
      chart(grid, 'Per-peer network throughput (' + rate.symbol + ')', {type: 'bar', data: {labels: r.tasks.map(function (t) { return t.id; }),
        datasets: [dataset(rate.symbol, peerRates.map(function (m) { return m ? m.value / rate.divisor : 0; }), 3)]},
        options: axes('peer', rate.symbol)});
    }
  }

  function ebb(grid, r) {
    var bandwidth = metric(r, 'bandwidth');
    var sizes = bandwidth.map(function (m) { return m.labels.message_size; });
    var u = bandwidth.length ? unitOf('bandwidth', bandwidth[0].unit) : null;
    if (u) {
      chart(grid, 'Bandwidth per connection by message size (' + u.symbol + ')', {type: 'line', data: {labels: sizes, datasets: [
        dataset(r.operation, bandwidth.map(function (m) { return m.value / u.divisor; }), 0)].concat(
        metric(r, 'baseline_bandwidth').length ? [dataset('2-peer baseline', metric(r, 'baseline_bandwidth').map(function (m) {
          return m.value / u.divisor; }), 1)] : [])}, options: axes('bytes per message', u.symbol)});
    }
    var buckets = metric(r, 'bucket_connections');
    if (buckets.length > 0) {
      var bucketNames = [];
      buckets.forEach(function (m) { if (bucketNames.indexOf(m.labels.bucket) < 0) { bucketNames.push(m.labels.bucket); } });
      bucketNames.sort();
      chart(grid, 'Connection bandwidth histogram (connections per bucket)', {type: 'bar', data: {labels: bucketNames,
        datasets: sizes.map(function (size, i) {
          return dataset(size + ' B', bucketNames.map(function (b) {
            var m = metric(r, 'bucket_connections', {message_size: size, bucket: b})[0];
            return m ? m.value : 0;
          }), i);
        })}, options: axes('bucket (min to max of the size\'s bandwidths)', 'connections')});
    } else {
      var connections = distribution(r, 'connection_bandwidth');
      if (connections.length > 0) {
        percentileChart(grid, 'Connection bandwidth percentiles', connections, connections.map(function (d) {
          return d.labels.message_size + ' B'; }));
      }
    }
    var relative = metric(r, 'relative_bandwidth');
    if (relative.length > 0) {
      chart(grid, 'Relative eBB: bandwidth over the 2-peer baseline', {type: 'bar', data: {labels: relative.map(function (m) {
        return m.labels.message_size; }), datasets: [dataset('relative', relative.map(function (m) { return m.value; }), 4)]},
        options: axes('bytes per message', 'ratio')});
    }
  }

  function taskTimes(grid, r) {
    var u = unitOf('task_time', 'seconds');
    var times = r.tasks.map(function (t) { return t.durationSeconds / u.divisor; });
    if (times.length > 0) {
      chart(grid, 'Task run times (' + u.symbol + ')', {type: 'bar', data: {labels: r.tasks.map(function (t) { return t.id; }),
        datasets: [dataset('run time', times, 5)]}, options: axes('task', u.symbol)});
    }
  }

  // Shades each phase of the run behind a resource chart's lines and names it at the top; Chart.js bundles no
  // annotation plugin, and the page may load nothing else.
  function phaseBands(phases) {
    return {id: 'hbenchPhases', beforeDatasetsDraw: function (c) {
      var area = c.chartArea;
      var ctx = c.ctx;
      ctx.save();
      ctx.beginPath();
      ctx.rect(area.left, area.top, area.right - area.left, area.bottom - area.top);
      ctx.clip();
      ctx.font = '11px system-ui, sans-serif';
      ctx.textBaseline = 'top';
      phases.forEach(function (phase, i) {
        var left = c.scales.x.getPixelForValue(phase.start);
        var right = c.scales.x.getPixelForValue(phase.end);
        ctx.fillStyle = i % 2 === 0 ? 'rgba(37, 99, 235, 0.08)' : 'rgba(217, 119, 6, 0.10)';
        ctx.fillRect(left, area.top, Math.max(1, right - left), area.bottom - area.top);
        ctx.fillStyle = '#3e4c59';
        // Alternate rows, so that the names of short neighbouring phases do not overlap.
        ctx.fillText(phase.name, Math.max(left, area.left) + 3, area.top + 3 + (i % 2) * 13);
      });
      ctx.restore();
    }};
  }

  function resourceChart(grid, phases, spec) {
    var x = {type: 'linear', title: {display: true, text: 'seconds since the run started'}};
    if (phases.length > 0) {
      // Whole bands even where no host was sampled.
      x.suggestedMin = Math.min.apply(null, phases.map(function (p) { return p.start; }));
      x.suggestedMax = Math.max.apply(null, phases.map(function (p) { return p.end; }));
    }
    chart(grid, spec.title, {type: 'line', plugins: [phaseBands(phases)], data: {datasets: spec.lines.map(function (line, i) {
      return dataset(line.host, line.seconds.map(function (s, j) { return {x: s, y: line.values[j]}; }), i,
        {spanGaps: false, pointRadius: 1, borderWidth: 1.5});
    })}, options: {scales: {x: x, y: {title: {display: true, text: spec.unit}, beginAtZero: true}}}});
  }

  // The console's table of means, the hosts on one kernel, the hosts without figures, and CPU, network and disk over time per host.
  function resourcesPart(r, view) {
    var part = el('div', {'class': 'resources'}, [el('h3', {}, ['Resource utilization']),
      el('div', {'class': 'sub'}, [view.heading + (view.window ? '. ' + view.window : '')])]);
    if (view.rows.length > 0) { part.appendChild(el('div', {'class': 'wide'}, [table(view.columns, view.rows)])); }
    view.sharedKernels.forEach(function (line) {
      part.appendChild(el('div', {'class': 'unsampled'}, [line]));
    });
    view.unavailable.forEach(function (h) {
      part.appendChild(el('div', {'class': 'unsampled'}, ['Not sampled: ' + h.host + ' (' + h.reason + ')']));
    });
    var grid = el('div', {'class': 'grid'});
    part.appendChild(grid);
    view.charts.forEach(function (spec) { resourceChart(grid, view.phases, spec); });
    return part;
  }

  var DRAW = {'TestDFSIO': dfsio, 'NNThroughputBenchmark': nn, 'TPCx-HS': tpcxhs, 'RandBench': randbench, 'EBB': ebb};

  function environment(entry) {
    var r = entry.result;
    var file = entry.file;
    var env = r.environment;
    var rows = [['file', file], ['command line', env.commandLine.join(' ')],
      ['hbench', env.hbench.version + ' (' + env.hbench.commit + ')'],
      ['Hadoop', env.hadoop.client + (env.hadoop.cluster ? ' (cluster ' + env.hadoop.cluster + ')' : '')],
      ['Java', env.java], ['OS', env.os], ['client host', env.clientHost],
      ['task hosts', Object.keys(env.taskHosts).map(function (h) { return h + ' (' + env.taskHosts[h] + ')'; }).join(', ') || 'none'],
      ['jobs', r.jobs.map(function (j) { return j.id + (j.applicationId ? ' / ' + j.applicationId : ''); }).join(', ') || 'none'],
      ['start', entry.startText], ['end', entry.endText]];
    Object.keys(env.configuration).forEach(function (k) { rows.push([k, env.configuration[k]]); });
    Object.keys(r.parameters).forEach(function (k) { rows.push(['parameter ' + k, r.parameters[k]]); });
    Object.keys(r.locations).forEach(function (k) { rows.push(['location ' + k, r.locations[k]]); });
    return el('details', {}, [el('summary', {}, ['Environment and command line']), table(['', ''], rows)]);
  }

  function findingsList(findings, prefix) {
    return el('ul', {'class': 'findings'}, findings.map(function (f) {
      return el('li', {'class': 'finding' + (f.host ? ' names-host' : '')}, [el('b', {}, [(prefix || '') + f.kind + ': ']), f.text]);
    }));
  }

  function runId(index) { return 'run-' + index; }

  function runSection(entry, index) {
    var r = entry.result;
    var section = el('section', {'class': 'run', id: runId(index)}, [
      el('h2', {}, [r.benchmark + ' ' + r.operation + ' ', el('span', {'class': r.outcome === 'PASSED' ? 'passed' : 'failed'}, [r.outcome])]),
      el('div', {'class': 'sub'}, [entry.startText + ' · ' + entry.durationText + ' · ' + entry.headline])]);
    r.failures.forEach(function (f) { section.appendChild(el('div', {'class': 'failed'}, ['FAILURE: ' + f])); });
    if (entry.findings.length > 0) { section.appendChild(findingsList(entry.findings)); }
    entry.capacityCurves.filter(function (c) { return c.answer; }).forEach(function (c) {
      section.appendChild(el('div', {'class': 'answer'}, [c.answer]));
    });
    var grid = el('div', {'class': 'grid'});
    section.appendChild(grid);
    (DRAW[r.benchmark] || taskTimes)(grid, r, entry);
    if (entry.resourceSection) { section.appendChild(resourcesPart(r, entry.resourceSection)); }
    section.appendChild(el('details', {}, [el('summary', {}, ['All metrics']), table(['metric', 'value', 'better'],
      entry.metricTexts.map(function (m) {
        return [el('span', {'class': m.primary ? 'primary' : ''}, [m.name]), m.value, m.better];
      }))]));
    section.appendChild(environment(entry));
    return section;
  }

  // A suite's first screen: the verdict, the cluster, every step (the clean step too) with its status, time, primary
  // figure and what limited it, then every finding. A step's row links to its run's card below.
  function overviewSection(suite, cardOf) {
    var section = el('section', {'class': 'overview'}, [el('h2', {}, ['Suite ' + suite.definition]),
      el('div', {'class': 'sub'}, ['sized for ' + suite.sizedFor])]);
    section.appendChild(el('ul', {'class': 'verdict'}, suite.verdict.map(function (line) { return el('li', {}, [line]); })));
    section.appendChild(table(['cluster', ''], suite.cluster.map(function (fact) {
      var at = fact.indexOf(': ');
      return at > 0 ? [fact.substring(0, at), fact.substring(at + 2)] : ['', fact];
    })));
    section.appendChild(table(['step', 'status', 'time', 'primary figure', 'limited by'], suite.steps.map(function (step) {
      var card = cardOf(step.id);
      return [card === null ? step.id : el('a', {href: '#' + card}, [step.id]),
        el('span', {'class': step.status === 'passed' ? 'passed' : 'failed'}, [step.status]), step.time, step.headline, step.limit];
    })));
    // The verdict already says whether any host is slow; here, what names a host, what limited, what a figure means.
    var findings = [];
    suite.steps.forEach(function (step) {
      step.findings.filter(function (f) { return f.kind !== 'slow host' || f.host; }).forEach(function (f) {
        findings.push(Object.assign({}, f, {step: step.id}));
      });
    });
    if (findings.length > 0) {
      section.appendChild(el('h3', {}, ['Findings']));
      section.appendChild(el('ul', {'class': 'findings'}, findings.map(function (f) {
        return el('li', {'class': 'finding' + (f.host ? ' names-host' : '')}, [el('b', {}, [f.step + ' · ' + f.kind + ': ']), f.text]);
      })));
    }
    return section;
  }

  // A suite against its baseline, as the TPCx-HS study tabulates settings: per step, time and change, the spread
  // between repetitions, the significance, the primary figure; then each step's hosts side by side.
  function baselineSection(b) {
    var section = el('section', {'class': 'baseline'}, [el('h2', {}, ['Against the baseline']),
      el('div', {'class': 'sub'}, ['Δ% is new against base; sd% the standard deviation of a side\'s times over their mean,' +
        ' between repetitions; p from a Mann-Whitney U test, "~" where the difference is not significant'])]);
    section.appendChild(table(['step', 'time s base', 'new', 'Δ%', 'sd% base', 'sd% new', 'time p', 'primary figure', 'Δ%', 'p'],
      b.steps.map(function (row) { return [row.step].concat(row.cells); })));
    b.steps.filter(function (row) { return row.hosts.length > 0; }).forEach(function (row) {
      section.appendChild(el('details', {}, [el('summary', {}, [row.step + ': resource utilization, base and new']),
        table(['host and figure (mean while sampled)', 'base', 'new'], row.hosts)]));
    });
    return section;
  }

  // One comparison: a workload's (named for it when the sides held several) or the two sides' one.
  function comparisonSection(entry) {
    var c = entry.comparison;
    var heading = entry.name === '' ? 'Compare: ' + c.base.ran + ' (' + c.base.files.length + ' runs) vs ' + c.new.ran +
      ' (' + c.new.files.length + ' runs)' : 'Compare: ' + entry.name + ' (' + c.base.files.length + ' runs vs ' +
      c.new.files.length + ' runs)';
    var section = el('section', {'class': 'compare'}, [el('h2', {}, [heading]),
      el('div', {'class': 'sub'}, ['Mann-Whitney U test, alpha ' + c.alpha + '; "~" is no significant difference' +
        (c.primaryGeomeanChangePercent === null ? '' : '; geomean of primary metrics ' + fixed(c.primaryGeomeanChangePercent, 2) + ' %')])]);
    c.differences.forEach(function (d) { section.appendChild(el('div', {'class': 'failed'}, ['forced despite: ' + d])); });
    var rows = c.metrics.map(function (m, i) {
      var verdict = m.verdict === 'significant' ? (m.changePercent === null ? '~' : (m.changePercent >= 0 ? '+' : '') + fixed(m.changePercent, 2) + ' %')
        : m.verdict === 'too_few_samples' ? 'too few samples' : '~';
      var better = m.verdict === 'significant' && m.changePercent !== null && m.better !== 'neither' &&
        ((m.better === 'higher') === (m.changePercent > 0));
      var worse = m.verdict === 'significant' && m.changePercent !== null && m.better !== 'neither' && !better && m.changePercent !== 0;
      return [el('span', {'class': m.primary ? 'primary' : ''}, [nameOf(m)]),
        entry.texts[i].base + ' ± ' + fixed(m.base.spreadPercent, 0) + '%',
        entry.texts[i].new + ' ± ' + fixed(m.new.spreadPercent, 0) + '%',
        el('span', {'class': better ? 'better' : worse ? 'worse' : ''}, [verdict]), fixed(m.pValue, 3), m.base.n + '+' + m.new.n];
    });
    section.appendChild(table(['metric', 'base', 'new', 'change', 'p', 'n'], rows));
    var grid = el('div', {'class': 'grid'});
    section.appendChild(grid);
    var shown = c.metrics.filter(function (m) { return m.base.median !== 0; });
    chart(grid, 'New median relative to base (base = 100)', {type: 'bar', data: {labels: shown.map(nameOf), datasets: [
      dataset('base', shown.map(function () { return 100; }), 7),
      dataset('new', shown.map(function (m) { return m.new.median / m.base.median * 100; }), 0, {
        backgroundColor: shown.map(function (m) { return m.verdict !== 'significant' ? '#9aa5b1'
          : ((m.better === 'higher') === (m.new.median > m.base.median) && m.better !== 'neither') ? '#16a34a' : '#dc2626'; })})]},
      options: {indexAxis: 'y'}});
    return section;
  }

  // The study's table, a row per setting and scale factor: a comparison's two sides are never summed into one row.
  function scalingSection(rows) {
    var section = el('section', {'class': 'scaling'}, [el('h2', {}, ['TPCx-HS across scale factors'])]);
    var time = unitOf('run_time', 'seconds');
    var settings = [];
    rows.forEach(function (row) { if (settings.indexOf(row.setting) < 0) { settings.push(row.setting); } });
    var named = settings.length > 1 || settings[0] !== '';
    section.appendChild(table((named ? ['setting'] : []).concat(['scale factor', 'results', 'data size', 'Data Δ%',
      'HSph@SF', 'time', 'time stdev % (runs)', 'Time Δ%']),
      rows.map(function (row) {
        return (named ? [row.setting] : []).concat([row.scaleFactor, row.results, row.dataText,
          fixed(row.dataChangePercent, 1), fixed(row.hsph, 2), row.timeText, fixed(row.timeStdDevPercent, 2),
          fixed(row.timeChangePercent, 1)]);
      })));
    var grid = el('div', {'class': 'grid'});
    section.appendChild(grid);
    var scaleFactors = [];
    rows.forEach(function (row) { if (scaleFactors.indexOf(row.scaleFactor) < 0) { scaleFactors.push(row.scaleFactor); } });
    scaleFactors.sort(function (a, b) { return parseFloat(a) - parseFloat(b); });
    // A setting's figure at each scale factor, or a gap where it ran none.
    function series(setting, figure) {
      return scaleFactors.map(function (sf) {
        var row = rows.filter(function (r) { return r.setting === setting && r.scaleFactor === sf; })[0];
        return row ? figure(row) : null;
      });
    }
    var datasets = [];
    settings.forEach(function (setting, i) {
      var suffix = named ? ', ' + setting : '';
      datasets.push(dataset('HSph@SF' + suffix, series(setting, function (row) { return row.hsph; }), 2 * i,
        {yAxisID: 'y', spanGaps: true}));
      datasets.push(dataset('time (' + time.symbol + ')' + suffix, series(setting, function (row) {
        return row.timeSeconds / time.divisor; }), 2 * i + 1, {yAxisID: 'y1', spanGaps: true}));
    });
    chart(grid, 'Scaling: HSph@SF and time by scale factor', {type: 'line', data: {labels: scaleFactors, datasets: datasets},
      options: {scales: {y: {position: 'left', title: {display: true, text: 'HSph@SF'}},
        y1: {position: 'right', title: {display: true, text: time.symbol}, grid: {drawOnChartArea: false}}}}});
    return section;
  }

  // NNThroughputBenchmark results of one operation at several thread counts: ops/s against threads, a line per
  // operation and side (a comparison's two sides are never averaged into one point).
  function threadsSection(entries) {
    var byOperation = {};
    entries.forEach(function (entry) {
      var r = entry.result;
      if (r.benchmark !== 'NNThroughputBenchmark' || r.outcome !== 'PASSED') { return; }
      metric(r, 'ops_per_second').filter(function (m) { return !m.labels.call && !m.labels.step; }).forEach(function (m) {
        var line = m.labels.operation + (entry.side ? ', ' + entry.side : '');
        (byOperation[line] = byOperation[line] || []).push(
          {threads: parseInt(r.parameters.threads, 10), value: m.value, unit: m.unit});
      });
    });
    var operations = Object.keys(byOperation).filter(function (op) {
      var threads = byOperation[op].map(function (p) { return p.threads; });
      return threads.some(function (t) { return t !== threads[0]; });
    });
    if (operations.length === 0) { return null; }
    var section = el('section', {'class': 'threads'}, [el('h2', {}, ['NameNode throughput against client threads'])]);
    var grid = el('div', {'class': 'grid'});
    section.appendChild(grid);
    var allThreads = [];
    operations.forEach(function (op) { byOperation[op].forEach(function (p) { if (allThreads.indexOf(p.threads) < 0) { allThreads.push(p.threads); } }); });
    allThreads.sort(function (a, b) { return a - b; });
    var rate = unitOf('ops_per_second', byOperation[operations[0]][0].unit);
    chart(grid, rate.symbol + ' by threads', {type: 'line', data: {labels: allThreads.map(String), datasets: operations.map(function (op, i) {
      return dataset(op, allThreads.map(function (t) {
        var points = byOperation[op].filter(function (p) { return p.threads === t; });
        return points.length ? points.reduce(function (s, p) { return s + p.value; }, 0) / points.length / rate.divisor : null;
      }), i, {spanGaps: true});
    })}, options: axes('threads', rate.symbol)});
    return section;
  }

  root.appendChild(el('h1', {}, [data.title]));
  root.appendChild(el('div', {'class': 'sub'}, ['Generated ' + data.generated + ' from ' + data.results.length +
    (data.results.length === 1 ? ' result' : ' results')]));
  // A step's card is the result read from its file, NN-id.json.
  function cardOf(stepId) {
    for (var i = 0; i < data.results.length; i++) {
      var name = data.results[i].file.split(/[\\/]/).pop();
      if (name.replace(/^\d\d-/, '').replace(/\.json$/, '') === stepId) { return runId(i); }
    }
    return null;
  }
  data.suites.forEach(function (suite) { root.appendChild(overviewSection(suite, cardOf)); });
  if (data.baseline) { root.appendChild(baselineSection(data.baseline)); }
  data.comparisons.forEach(function (entry) { root.appendChild(comparisonSection(entry)); });
  if (data.tpcxhsScaling.length > 0) { root.appendChild(scalingSection(data.tpcxhsScaling)); }
  var threads = threadsSection(data.results);
  if (threads) { root.appendChild(threads); }
  data.results.forEach(function (entry, i) { root.appendChild(runSection(entry, i)); });
  document.body.setAttribute('data-report-ready', 'true');
}());
